import { useEffect, useRef, useState } from "react";
import { useReportBug } from "../state/index";
import { loadRecaptcha } from "./recaptcha";
import type { RecaptchaApi } from "./recaptcha";

export interface RecaptchaProps {
  siteKey: string;
  /** The token once the shopper passed the check; null when it expired or failed. */
  onToken: (token: string | null) => void;
  /** The widget is on the page: the form now asks for its token. */
  onReady: () => void;
  /** The script could not be loaded: the captcha stays hidden. */
  onUnavailable: () => void;
  /** Changing it clears the check (after a send the server refused: a token is good once). */
  resetKey: number;
}

/** The reCAPTCHA checkbox; emits a token on completion (spec §4). */
export function Recaptcha({ siteKey, onToken, onReady, onUnavailable, resetKey }: RecaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: RecaptchaApi; id: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onToken, onReady, onUnavailable });
  callbacks.current = { onToken, onReady, onUnavailable };
  const reportBug = useReportBug();

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (api) => {
        const target = container.current;
        if (cancelled || !target) return;
        const id = api.render(target, {
          sitekey: siteKey,
          hl: "ru",
          callback: (token) => callbacks.current.onToken(token),
          "expired-callback": () => callbacks.current.onToken(null),
          "error-callback": () => callbacks.current.onToken(null),
        });
        widget.current = { api, id };
        callbacks.current.onReady();
      },
      // Google's script did not load (offline, blocked): an outcome the form works around; a bug in
      // these handlers goes to the error boundary.
      () => {
        if (cancelled) return;
        setFailed(true);
        callbacks.current.onUnavailable();
      },
    ).catch(reportBug);
    return () => {
      cancelled = true;
    };
  }, [siteKey, reportBug]);

  useEffect(() => {
    if (resetKey === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    callbacks.current.onToken(null);
  }, [resetKey]);

  if (failed) return null;
  return <div className="ottisk-feedback__captcha" part="captcha" ref={container} />;
}
