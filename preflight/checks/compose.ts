import type { Device } from "../content/device";

/*
 * ONE device for the interpreter, fanning every event out to the page checks and the ink renderer,
 * so a page's content is walked once whatever the number of listeners. Each event's listeners are
 * gathered once, not looked up per event.
 */

type Method = keyof Device;
type Handler<K extends Method> = NonNullable<Device[K]>;

function listeners<K extends Method>(devices: readonly Device[], key: K): Array<Handler<K>> {
  const out: Array<Handler<K>> = [];
  for (const d of devices) {
    const fn = d[key];
    if (fn) out.push(fn.bind(d) as Handler<K>);
  }
  return out;
}

export function composeDevices(devices: readonly Device[]): Device {
  const colorSpaceUsed = listeners(devices, "colorSpaceUsed");
  const fillPath = listeners(devices, "fillPath");
  const strokePath = listeners(devices, "strokePath");
  const drawImage = listeners(devices, "drawImage");
  const drawShading = listeners(devices, "drawShading");
  const showText = listeners(devices, "showText");
  const clip = listeners(devices, "clip");
  const device: Device = {};
  // Only the events someone listens to are offered, so the interpreter can skip work nobody needs.
  if (colorSpaceUsed.length > 0) device.colorSpaceUsed = (space, site, bbox) => { for (const f of colorSpaceUsed) f(space, site, bbox); };
  if (fillPath.length > 0) device.fillPath = (path, color, evenOdd, state, bbox) => { for (const f of fillPath) f(path, color, evenOdd, state, bbox); };
  if (strokePath.length > 0) device.strokePath = (path, color, state, bbox) => { for (const f of strokePath) f(path, color, state, bbox); };
  if (drawImage.length > 0) device.drawImage = (image, bbox) => { for (const f of drawImage) f(image, bbox); };
  if (drawShading.length > 0) device.drawShading = (shading) => { for (const f of drawShading) f(shading); };
  if (showText.length > 0) device.showText = (text) => { for (const f of showText) f(text); };
  if (clip.length > 0) device.clip = (path, evenOdd, all) => { for (const f of clip) f(path, evenOdd, all); };
  return device;
}
