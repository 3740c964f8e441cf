/*
 * Real mouse and keyboard input for the element tests: the test runner's send-mouse and send-keys
 * commands (Playwright's mouse and keyboard, trusted events), asked over the runner's web socket.
 * @web/test-runner-commands does the same, but Vite pre-bundles it and breaks its import of the
 * socket module; this asks the runner directly, the address kept out of Vite's import analysis.
 */

type MousePosition = [number, number];
export type MouseInput = { type: "move"; position: MousePosition } | { type: "click"; position: MousePosition; button?: "left" | "middle" | "right" } | { type: "down" | "up"; button?: "left" | "middle" | "right" };
export type KeyInput = { type: string } | { press: string } | { down: string } | { up: string };

interface CommandSocket {
  sendMessageWaitForResponse(message: { type: "wtr-command"; sessionId: string; command: string; payload: unknown }): Promise<{ executed: boolean; result: unknown }>;
}

const SOCKET_MODULE = "/__web-dev-server__web-socket.js";

async function command(name: string, payload: unknown): Promise<void> {
  const sessionId = new URL(window.location.href).searchParams.get("wtr-session-id");
  if (!sessionId) throw new Error("Not run by the test runner: no wtr-session-id");
  const socket = (await import(/* @vite-ignore */ SOCKET_MODULE)) as CommandSocket;
  const response = await socket.sendMessageWaitForResponse({ type: "wtr-command", sessionId, command: name, payload });
  if (!response.executed) throw new Error(`The test runner does not know the command ${name}`);
}

/** Moves, presses or clicks the real mouse; positions are the viewport's CSS pixels. */
export function sendMouse(input: MouseInput): Promise<void> {
  return command("send-mouse", input);
}

/** Types text or presses keys on the real keyboard, into whatever has the focus. */
export function sendKeys(input: KeyInput): Promise<void> {
  return command("send-keys", input);
}

/** Resizes the browser's viewport (CSS pixels). */
export function setViewport(size: { width: number; height: number }): Promise<void> {
  return command("set-viewport", size);
}
