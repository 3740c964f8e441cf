import type { FastifyRequest } from "fastify";
import type { UploadedPart } from "../../services/file.service";
import { fileTooLarge } from "../../services/layout.service";
import { ShopError } from "../../services/shop-error";

/*
 * Reads an upload form (multipart/form-data): one file in the field `file` and a few text fields.
 * The file is held in memory up to `maxFileBytes`; past it the upload stops with 413 and nothing
 * is stored. A form that cannot be read is a 400, never a 500.
 */

export interface UploadForm {
  file: UploadedPart | null;
  fields: Record<string, string>;
}

const badForm = (messageUI: string, message: string) => new ShopError({ statusCode: 400, code: "BAD_UPLOAD_FORM", messageUI, message });

export async function readUploadForm(request: FastifyRequest, maxFileBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw badForm("Отправьте файл формой multipart/form-data", "The request is not multipart/form-data");
  const fields: Record<string, string> = {};
  let file: UploadedPart | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === "file") {
        const bytes = new Uint8Array(await part.toBuffer());
        if (part.fieldname === "file") file = { fileName: part.filename, bytes };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fileTooLarge(maxFileBytes);
    if (code === "FST_FILES_LIMIT") throw badForm("Отправьте один файл", "More than one file in the form");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw badForm("В форме слишком много полей", "Too many form fields");
    if (error instanceof ShopError) throw error;
    throw badForm("Не удалось прочитать форму с файлом: попробуйте отправить её ещё раз", `Unreadable multipart form: ${String(error)}`);
  }
  return { file, fields };
}

/** The form's file, or 400 when it has none. */
export function requireFile(form: UploadForm): UploadedPart {
  if (!form.file || form.file.bytes.length === 0) throw badForm("Выберите файл для загрузки", "The form has no file in the field `file`");
  return form.file;
}
