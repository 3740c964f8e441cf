/**
 * A document's name as the footer shows it: without its extension (spec §2 Footer).
 * «Политика конфиденциальности.pdf» → «Политика конфиденциальности»; «Прайс 2026.v2.xlsx» →
 * «Прайс 2026.v2»; a name without an extension, a dot-file («.htaccess») or a trailing dot stays
 * as it is (trimmed). Extensions are 1–8 Latin letters or digits, so «ООО «Оттиск». Реквизиты»
 * keeps its sentence.
 */
export function fileNameWithoutExtension(name: string): string {
  const trimmed = name.trim();
  const match = /^(.*[^.\s])\.([A-Za-z0-9]{1,8})$/.exec(trimmed);
  return match?.[1] ?? trimmed;
}
