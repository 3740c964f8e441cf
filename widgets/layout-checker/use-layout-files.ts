import { useCallback, useEffect, useRef, useState } from "react";
import type { CheckCode, PreflightProfile, Report } from "../../preflight/index";
import type { FixupId, FixupOffer } from "../../preflight/fixups/index";
import { FILE_VERDICT_ERRORS, fixedFileName, loadEngine, loadFixups, refusalOf } from "./layout-files";

/*
 * The checker's list of files (spec §5: several at once, each removable). Each PDF is checked in the
 * browser at once (the engine in its worker, with progress); the report brings the fix-ups that
 * apply, and a fix-up's result replaces the file and is checked again.
 */

type FinishedCheck = { state: "done"; report: Report; advice: Record<CheckCode, string> };

export type FileCheck =
  /** `previous`: the last finished check of the file, shown while a fix-up's result is checked again. */
  | { state: "checking"; fraction: number; previous: FinishedCheck | null }
  | FinishedCheck
  | { state: "error"; code: string; messageUI: string; uploadable: boolean };

export interface LayoutFile {
  key: string;
  /** As shown and uploaded: the chosen file's name, marked «(исправлено)» after a fix-up. */
  name: string;
  /** The current bytes (the fixed ones after a fix-up); null when the file is refused. */
  bytes: Uint8Array | null;
  /** Not a PDF or empty (Russian), or null. */
  refusal: string | null;
  /** Cart mode: the detail the file is for. */
  detailName: string | null;
  check: FileCheck | null;
  offers: FixupOffer[];
  busyFixup: FixupId | null;
  fixupError: string | null;
}

export interface LayoutFilesOptions {
  /** The profile a file of this detail (null: standalone) is checked against; null when not known yet. */
  profileFor: (detailName: string | null) => PreflightProfile | null;
  /** Cart mode: the detail a newly added file goes to, given the details the list has taken already. */
  assignDetail?: (taken: readonly (string | null)[]) => string | null;
  onChecked?: (file: LayoutFile, report: Report) => void;
}

const CHECK_FAILED_MESSAGE = "Не удалось запустить проверку: проверьте связь и нажмите «Проверить снова»";
const FIXUP_FAILED_MESSAGE = "Исправить файл не удалось: исправьте его в программе вёрстки";

let nextKey = 1;

export function useLayoutFiles({ profileFor, assignDetail, onChecked }: LayoutFilesOptions) {
  const [files, setFiles] = useState<LayoutFile[]>([]);
  const filesRef = useRef(files);
  filesRef.current = files;
  const options = useRef({ profileFor, assignDetail, onChecked });
  options.current = { profileFor, assignDetail, onChecked };
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const update = useCallback((key: string, change: (file: LayoutFile) => LayoutFile) => {
    setFiles((list) => list.map((file) => (file.key === key ? change(file) : file)));
  }, []);

  const check = useCallback(
    async (key: string, bytes: Uint8Array, detailName: string | null) => {
      controllers.current.get(key)?.abort();
      const profile = options.current.profileFor(detailName);
      if (!profile) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, (file) => ({
        ...file,
        check: { state: "checking", fraction: 0, previous: file.check?.state === "done" ? file.check : file.check?.state === "checking" ? file.check.previous : null },
        offers: [],
        fixupError: null,
      }));
      let engine: Awaited<ReturnType<typeof loadEngine>> | null = null;
      try {
        engine = await loadEngine();
        // The engine takes the bytes it is given (transferred to its worker): it gets a copy.
        const report = await engine.checkLayout(bytes.slice(), profile, {
          signal: controller.signal,
          onProgress: (event) =>
            update(key, (file) => (file.check?.state === "checking" ? { ...file, check: { ...file.check, fraction: event.fraction } } : file)),
        });
        const fixups = await loadFixups();
        const offers = await fixups.offerFixups(bytes, report);
        if (controller.signal.aborted) return;
        const done: FileCheck = { state: "done", report, advice: fixups.fixAdvice };
        update(key, (file) => ({ ...file, check: done, offers }));
        const checked = filesRef.current.find((file) => file.key === key);
        if (checked) options.current.onChecked?.({ ...checked, check: done, offers }, report);
      } catch (error) {
        if (controller.signal.aborted) return;
        const known = engine !== null && error instanceof engine.LayoutCheckError ? error : null;
        update(key, (file) => ({
          ...file,
          check: known
            ? { state: "error", code: known.code, messageUI: known.messageUI, uploadable: !FILE_VERDICT_ERRORS.has(known.code) }
            : { state: "error", code: "LOAD_FAILED", messageUI: CHECK_FAILED_MESSAGE, uploadable: false },
        }));
      } finally {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      }
    },
    [update],
  );

  const addFiles = useCallback(
    async (chosen: readonly File[]) => {
      const added: LayoutFile[] = [];
      const taken = filesRef.current.map((file) => file.detailName);
      for (const file of chosen) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const refusal = refusalOf(bytes, file.name);
        const detailName = options.current.assignDetail?.(taken) ?? null;
        taken.push(detailName);
        added.push({
          key: `file-${nextKey++}`,
          name: file.name,
          bytes: refusal ? null : bytes,
          refusal,
          detailName,
          check: null,
          offers: [],
          busyFixup: null,
          fixupError: null,
        });
      }
      setFiles((list) => [...list, ...added]);
      filesRef.current = [...filesRef.current, ...added];
      await Promise.all(added.map((file) => (file.bytes ? check(file.key, file.bytes, file.detailName) : Promise.resolve())));
    },
    [check],
  );

  const removeFile = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setFiles((list) => list.filter((file) => file.key !== key));
  }, []);

  const recheck = useCallback(
    (key: string) => {
      const file = filesRef.current.find((item) => item.key === key);
      if (file?.bytes) void check(key, file.bytes, file.detailName);
    },
    [check],
  );

  const setDetail = useCallback(
    (key: string, detailName: string | null) => {
      const file = filesRef.current.find((item) => item.key === key);
      if (!file || file.detailName === detailName) return;
      update(key, (item) => ({ ...item, detailName }));
      // Another detail may have another profile: check again against it.
      if (file.bytes && detailName !== null) void check(key, file.bytes, detailName);
    },
    [check, update],
  );

  const applyFixup = useCallback(
    async (key: string, id: FixupId) => {
      const file = filesRef.current.find((item) => item.key === key);
      if (!file?.bytes || file.busyFixup) return;
      update(key, (item) => ({ ...item, busyFixup: id, fixupError: null }));
      try {
        const fixups = await loadFixups();
        let fixed: Uint8Array;
        try {
          fixed = await fixups.applyFixup(file.bytes, id);
        } catch (error) {
          const messageUI = error instanceof fixups.FixupError ? error.messageUI : FIXUP_FAILED_MESSAGE;
          update(key, (item) => ({ ...item, busyFixup: null, fixupError: messageUI }));
          return;
        }
        // Busy until the fixed file is checked again: the report stays up meanwhile and then says what the fix-up cleared.
        update(key, (item) => ({ ...item, bytes: fixed, name: fixedFileName(item.name) }));
        await check(key, fixed, file.detailName);
        update(key, (item) => ({ ...item, busyFixup: null }));
      } catch {
        update(key, (item) => ({ ...item, busyFixup: null, fixupError: FIXUP_FAILED_MESSAGE }));
      }
    },
    [check, update],
  );

  return { files, addFiles, removeFile, recheck, setDetail, applyFixup };
}
