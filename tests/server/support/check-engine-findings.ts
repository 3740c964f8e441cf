import { preflightCodeMessages } from "../../../shared/contracts/files";
import type { PreflightFinding } from "../../../shared/contracts/files";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";

/**
 * A test engine for the job runner: reads the PDF version from the header of the bytes it gets and
 * reports 1120 when it is not the profile's, plus 1163 when the profile wants more than one page.
 * A comment `%test-engine sleep N` in the file keeps it busy N ms first (a check still running).
 */
export async function runPreflightEngine(bytes: Uint8Array, profile: PreflightProfile): Promise<PreflightFinding[]> {
  const text = new TextDecoder("latin1").decode(bytes);
  const sleep = Number(/%test-engine sleep (\d+)/.exec(text)?.[1] ?? 0);
  if (sleep > 0) await new Promise((resolve) => setTimeout(resolve, sleep));
  const header = text.slice(0, 1024);
  const version = /%PDF-(\d\.\d)/.exec(header)?.[1] ?? null;
  const findings: PreflightFinding[] = [];
  if (version !== profile.pdfVersion) {
    findings.push({ code: 1120, message: preflightCodeMessages[1120], page: null, bbox: null, measured: version });
  }
  if (profile.pages > 1) {
    findings.push({ code: 1163, message: preflightCodeMessages[1163], page: 1, bbox: [0, 0, 255.12, 141.73], measured: 1 });
  }
  return findings;
}
