import { useId, useState } from "react";
import type { PreflightProfile } from "../../preflight/index";
import { useProduct } from "../../shared/state/index";
import { FileDropZone } from "./FileDropZone";
import { LayoutFileItem } from "./LayoutFileItem";
import { describeProfile, parseProfileAttribute } from "./layout-files";
import type { FireEvent } from "./session";
import { useLayoutFiles } from "./use-layout-files";

/** «Check your layout» against a profile: files are checked in the browser only, never uploaded. */
export function StandaloneChecker({ profile, detailName, title, fire }: { profile: PreflightProfile; detailName: string | null; title: string; fire: FireEvent }) {
  const { files, addFiles, removeFile, recheck, applyFixup } = useLayoutFiles({
    profileFor: () => profile,
    onChecked: (file, report) =>
      fire("ottisk-layout-checked", {
        detailName,
        fileName: file.name,
        ok: report.ok,
        codes: [...new Set(report.findings.map((finding) => finding.code))],
        source: "browser",
      }),
  });
  return (
    <div className="ottisk-layout-standalone">
      <h2 className="ottisk-layout-checker__title">{title}</h2>
      <p className="ottisk-layout-note">{describeProfile(profile)}.</p>
      <p className="ottisk-layout-local" part="local-note">
        Проверка без загрузки: файл не покидает ваш компьютер
      </p>
      <FileDropZone onFiles={(chosen) => void addFiles(chosen)} hint="Можно несколько файлов сразу: каждый проверяется отдельно." />
      {files.length > 0 ? (
        <ul className="ottisk-layout-files" aria-label="Проверенные файлы">
          {files.map((file) => (
            <LayoutFileItem
              key={file.key}
              file={file}
              onRemove={() => removeFile(file.key)}
              onRecheck={() => recheck(file.key)}
              onApplyFixup={(id) => void applyFixup(file.key, id)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The `profile` attribute: parsed and validated; a bad one is named in Russian. */
export function ProfileChecker({ profileText, detail, fire }: { profileText: string; detail: string | null; fire: FireEvent }) {
  const parsed = parseProfileAttribute(profileText);
  if ("error" in parsed) {
    return (
      <p className="ottisk-layout-error" role="alert" part="error">
        {parsed.error}
      </p>
    );
  }
  return <StandaloneChecker profile={parsed.profile} detailName={detail} title={detail ? `Проверка макета: ${detail}` : "Проверка макета"} fire={fire} />;
}

/** `product-id` (+ `detail`): the detail's profile from the product page; without `detail` the shopper picks one. */
export function ProductChecker({ productId, detail, fire }: { productId: number; detail: string | null; fire: FireEvent }) {
  const product = useProduct(productId);
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  if (product.status === "loading") {
    return (
      <p className="ottisk-layout-progress" role="status">
        Загружаем товар…
      </p>
    );
  }
  if (product.status === "error") {
    return (
      <p className="ottisk-layout-error" role="alert" part="error">
        {product.messageUI}
      </p>
    );
  }
  const details = product.data.details;
  if (details.length === 0) return <p className="ottisk-layout-note">Для «{product.data.productName}» макет не нужен.</p>;
  const name = detail ?? chosen ?? details[0]?.name ?? null;
  const found = details.find((item) => item.name === name);
  if (!found) {
    return (
      <p className="ottisk-layout-error" role="alert" part="error">
        У товара «{product.data.productName}» нет детали «{name}». Есть: {details.map((item) => `«${item.name}»`).join(", ")}.
      </p>
    );
  }
  return (
    <>
      {detail === null && details.length > 1 ? (
        <div className="ottisk-layout-file__detail">
          <label htmlFor={selectId}>Деталь</label>
          <select id={selectId} className="ottisk-input" name="detail" value={found.name} onChange={(event) => setChosen(event.target.value)}>
            {details.map((item) => (
              <option key={item.name} value={item.name}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <StandaloneChecker
        key={found.name}
        profile={found.profile}
        detailName={found.name}
        title={`Проверка макета: ${product.data.productName}, ${found.name}`}
        fire={fire}
      />
    </>
  );
}
