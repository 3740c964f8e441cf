import { useEffect, useId, useRef, useState } from "react";
import type { FocusEvent } from "react";
import type { FixupId, FixupOffer } from "../../preflight/fixups/index";
import type { CheckCode, Finding } from "../../preflight/index";
import { preflightCodeMessages } from "../../shared/contracts/files";
import { pluralRu } from "../../shared/domain/counts";
import { measuredWords, pageWords, repeatWords, sameFinding } from "./finding-words";

export interface FindingsReportProps {
  /** The engine's (or the server's) findings, numbered in this order like the proof's outlines. */
  findings: Finding[];
  /** The fix-ups the file allows (preflight/fixups offerFixups). */
  offers: FixupOffer[];
  /** What to do about each code in the design program (preflight/fixups fixAdvice, passed in: that module pulls pdf-lib). */
  advice: Record<CheckCode, string>;
  /** A fix-up being applied: its button shows progress, the others are disabled. */
  busyFixup: FixupId | null;
  onApplyFixup: (id: FixupId) => void;
  highlighted: Finding | null;
  /** Hover or focus on a finding → its outline stands out on the proof. */
  onHighlight: (finding: Finding | null) => void;
  /** Where the result came from: «Проверка в браузере» / «Проверка на сервере». */
  sourceLabel: string;
}

/** What a clean report names as checked, in the order of the codes. */
const CHECKED = "версия PDF, число страниц, размер и вылеты под обрез, цвета RGB, сжатие изображений, плашечные цвета, ICC-профили, слои, сумма красок, шрифты и разрешение изображений";

/** A fix-up asked for: the findings it started from, and whether the parent has shown it as busy yet. */
interface PendingFixup {
  offer: FixupOffer;
  before: Finding[];
  sawBusy: boolean;
}

/** After a fix-up and the re-check: which of its codes are gone and which remain. */
function fixupOutcome(offer: FixupOffer, findings: Finding[]): string {
  const remaining = new Set(findings.map((finding) => finding.code));
  const cleared = offer.clears.filter((code) => !remaining.has(code));
  const kept = offer.clears.filter((code) => remaining.has(code));
  const parts: string[] = [];
  if (cleared.length > 0) parts.push(`Исправлено: ${cleared.join(", ")}.`);
  for (const code of kept) parts.push(`Замечание ${code} осталось: ${preflightCodeMessages[code]}. Что сделать — в отчёте ниже.`);
  return parts.join(" ");
}

/**
 * The check's report (issue 6): the fix-ups the file allows, then each finding numbered as
 * on the proof, with its code and the Russian text of spec §5, the measured figure in words, the
 * page, the repeats it stands for and what to do about it. A clean file gets a plain «Макет готов
 * к печати». After a fix-up the parent re-checks and passes new findings; the result is announced.
 */
export function FindingsReport({ findings, offers, advice, busyFixup, onApplyFixup, highlighted, onHighlight, sourceLabel }: FindingsReportProps) {
  const headingId = useId();
  const offerIds = useId();
  const pending = useRef<PendingFixup | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const asked = pending.current;
    if (!asked) return;
    if (findings !== asked.before) {
      pending.current = null;
      setAnnouncement(fixupOutcome(asked.offer, findings));
    } else if (busyFixup !== null) {
      asked.sawBusy = true;
    } else if (asked.sawBusy) {
      // The fix-up ended without a new report (it failed; the parent says why).
      pending.current = null;
    }
  }, [findings, busyFixup]);

  const apply = (offer: FixupOffer) => {
    pending.current = { offer, before: findings, sawBusy: false };
    setAnnouncement("");
    onApplyFixup(offer.id);
  };

  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHighlight(null);
  };

  const usable = offers.filter((offer) => offer.clears.some((code) => findings.some((finding) => finding.code === code)));

  return (
    <section className="ottisk-findings" part="findings" aria-labelledby={headingId}>
      <div className="ottisk-findings__head">
        <h3 className="ottisk-findings__title" id={headingId}>
          Отчёт проверки
        </h3>
        <p className="ottisk-findings__source">
          {sourceLabel}
          {findings.length > 0 ? ` · ${findings.length} ${pluralRu(findings.length, { one: "замечание", few: "замечания", many: "замечаний" })}` : ""}
        </p>
      </div>
      <p className="ottisk-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {announcement !== "" ? (
        <p className="ottisk-findings__outcome" part="findings-outcome" aria-hidden="true">
          {announcement}
        </p>
      ) : null}

      {findings.length === 0 ? (
        <div className="ottisk-findings__clean" part="findings-clean">
          <svg className="ottisk-findings__clean-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
          </svg>
          <div>
            <p className="ottisk-findings__clean-title">Макет готов к печати</p>
            <p className="ottisk-findings__clean-text">Проверено: {CHECKED}. Замечаний нет.</p>
          </div>
        </div>
      ) : (
        <>
          {usable.length > 0 ? (
            <div className="ottisk-findings__fixups" part="findings-fixups" role="group" aria-label="Исправить автоматически">
              <p className="ottisk-findings__fixups-title">Можно исправить автоматически (файл будет проверен снова):</p>
              <ul className="ottisk-findings__offers">
                {usable.map((offer) => {
                  const busy = busyFixup === offer.id;
                  const describedBy = `${offerIds}-${offer.id}`;
                  return (
                    <li key={offer.id} className="ottisk-findings__offer">
                      <button
                        type="button"
                        className="ottisk-button ottisk-findings__fixup"
                        part="fixup-button"
                        data-fixup={offer.id}
                        disabled={offer.blockedBy !== null || busyFixup !== null}
                        aria-busy={busy}
                        aria-describedby={describedBy}
                        onClick={() => apply(offer)}
                      >
                        {busy ? <span className="ottisk-findings__spinner" aria-hidden="true" /> : null}
                        {busy ? `${offer.label}: исправляем…` : offer.label}
                      </button>
                      <p className="ottisk-findings__offer-text" id={describedBy}>
                        {offer.description} <span className="ottisk-findings__clears">Снимает: {offer.clears.join(", ")}.</span>
                        {offer.blockedBy !== null ? (
                          <span className="ottisk-findings__blocked" data-blocked={offer.id}>
                            {" "}
                            Недоступно: {offer.blockedBy}
                          </span>
                        ) : null}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}

          <ol className="ottisk-findings__list" aria-label="Замечания">
            {findings.map((finding, index) => {
              const number = index + 1;
              const offer = usable.find((candidate) => candidate.clears.includes(finding.code) && candidate.blockedBy === null);
              const details = [measuredWords(finding.code, finding.measured), pageWords(finding.page), repeatWords(finding.count)].filter((part): part is string => part !== null);
              return (
                <li
                  key={number}
                  className={`ottisk-findings__item${sameFinding(finding, highlighted) ? " ottisk-findings__item--highlighted" : ""}`}
                  part="finding"
                  data-code={finding.code}
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus shows the finding on the proof, as the pointer's hover does
                  tabIndex={0}
                  onFocus={() => onHighlight(finding)}
                  onBlur={leave}
                  onMouseEnter={() => onHighlight(finding)}
                  onMouseLeave={() => onHighlight(null)}
                >
                  <span className="ottisk-findings__number">{number}</span>
                  <div className="ottisk-findings__body">
                    <p className="ottisk-findings__message">
                      <span className="ottisk-findings__code">{finding.code}</span> · {preflightCodeMessages[finding.code]}
                    </p>
                    <p className="ottisk-findings__details">{details.join(" · ")}</p>
                    <p className="ottisk-findings__advice">
                      <span className="ottisk-findings__advice-label">Что сделать: </span>
                      {advice[finding.code]}
                    </p>
                    {offer ? <p className="ottisk-findings__fix-note">Можно исправить кнопкой «{offer.label}» выше.</p> : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
