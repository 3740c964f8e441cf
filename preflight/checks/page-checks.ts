import type { Finding } from "../report";
import { checkPageSize } from "./1198-size";
import { createRgbCheck } from "./2078-rgb";
import { createCompressionCheck } from "./2088-compression";
import { createSpotColourCheck } from "./3159-spot";
import { createIccCheck } from "./3171-icc";
import { createTacCheck } from "./4731-tac";
import type { InkObject, TacRaster } from "./4731-tac";
import { createFontCheck } from "./4752-fonts";
import { createResolutionCheck } from "./4781-resolution";
import type { PageCheck, PageCheckContext } from "./common";

/*
 * The checks of one page, together: the event-fed ones (to be put behind one composite device with
 * the ink renderer) and the size check, which needs only the page's boxes.
 */

export interface PageChecks {
  /** The devices to feed the page's events to. */
  devices: PageCheck[];
  /** All the page's findings, once its content has been walked. */
  findings(): Finding[];
}

/**
 * `ink` is asked once, after the walk, for the renderer's total-ink raster and the objects it
 * counted per object; `checkDeadline` keeps the raster scan within the deadline.
 */
export function createPageChecks(ctx: PageCheckContext, ink: () => { raster: TacRaster | null; objects: readonly InkObject[] }, checkDeadline?: () => void): PageChecks {
  const devices = [
    createRgbCheck(ctx),
    createCompressionCheck(ctx),
    createSpotColourCheck(ctx),
    createIccCheck(ctx),
    createTacCheck(ctx, ink, checkDeadline),
    createFontCheck(ctx),
    createResolutionCheck(ctx),
  ];
  return {
    devices,
    findings: () => [...checkPageSize(ctx.page, ctx.profile), ...devices.flatMap((d) => d.findings())],
  };
}
