import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { PdfViewer } from "./PdfViewer";

export interface PdfViewerElementProps {
  src?: string;
  designId?: number;
  fileName?: string;
  file?: Blob | Uint8Array | null;
}

/** `<ottisk-pdf-viewer>`: the PdfViewer, its saves announced with ottisk-pdf-saved and its failures with ottisk-pdf-error. */
export function PdfViewerElement({ src, designId, fileName, file, host }: PdfViewerElementProps & HostProps) {
  const design = designId !== undefined && Number.isInteger(designId) && designId > 0 ? designId : null;
  return (
    <PdfViewer
      src={src}
      file={file}
      designId={design}
      fileName={fileName}
      onSaved={(saved) => fireOttiskEvent(host, "ottisk-pdf-saved", { fileId: saved.fileId, url: saved.url, designId: saved.fileId === null ? null : design })}
      onError={(failure) => fireOttiskEvent(host, "ottisk-pdf-error", failure)}
    />
  );
}
