import { describe, expect, it } from "vitest";
import type { ColorSpace, Device, UseSite } from "../content/device";
import { composeDevices } from "./compose";
import { cmyk, image, text } from "./test-fixtures";

describe("composeDevices", () => {
  it("hands every event to every device that listens, in order, keeping `this`", () => {
    const log: string[] = [];
    class Recorder implements Device {
      constructor(private readonly name: string) {}
      colorSpaceUsed(space: ColorSpace, site: UseSite) {
        log.push(`${this.name}:${space.family}:${site}`);
      }
    }
    const textOnly: Device = { showText: (t) => log.push(`text:${t.operator}`) };
    const device = composeDevices([new Recorder("a"), textOnly, new Recorder("b")]);
    device.colorSpaceUsed?.(cmyk, "fill", null);
    device.showText?.(text({ operator: "TJ" }));
    expect(log).toEqual(["a:DeviceCMYK:fill", "b:DeviceCMYK:fill", "text:TJ"]);
  });

  it("offers only the events someone listens to", () => {
    const device = composeDevices([{ drawImage: () => undefined }]);
    expect(Object.keys(device)).toEqual(["drawImage"]);
    expect(() => device.drawImage?.(image({ ctm: [1, 0, 0, 1, 0, 0] }), [0, 0, 1, 1])).not.toThrow();
  });
});
