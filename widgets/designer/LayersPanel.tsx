import type { DesignSide } from "../../shared/contracts/index";
import type { Command, LayerMove } from "./model/edits";
import { deleteElement, duplicateElement, moveLayer, setLocked } from "./model/edits";

/*
 * The layers list, top layer first: the keyboard way to select an element (its button; then the
 * arrows move it, Delete deletes it), with each layer's lock and delete, and the selected layer's
 * order (up, down, to the front, to the back) and duplicate.
 */

export interface LayersPanelProps {
  side: DesignSide;
  sideIndex: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (command: Command, merge: string | null) => void;
}

const ORDER: readonly { move: LayerMove; label: string }[] = [
  { move: "up", label: "Выше" },
  { move: "down", label: "Ниже" },
  { move: "front", label: "На передний план" },
  { move: "back", label: "На задний план" },
];

export function LayersPanel({ side, sideIndex, selectedId, onSelect, onEdit }: LayersPanelProps) {
  const layers = [...side.elements].reverse();
  const selected = side.elements.find((element) => element.id === selectedId) ?? null;
  return (
    <section className="ottisk-designer-panel" aria-label="Слои" part="layers">
      <h3>Слои</h3>
      {layers.length === 0 ? <p className="ottisk-designer-note">На этой стороне пока ничего нет.</p> : null}
      <ol className="ottisk-designer-layers">
        {layers.map((element) => (
          <li key={element.id} className="ottisk-designer-layer" data-layer-id={element.id} aria-current={element.id === selectedId ? "true" : undefined}>
            <button type="button" className="ottisk-designer-layer__name" aria-pressed={element.id === selectedId} onClick={() => onSelect(element.id)}>
              {element.name || element.id}
            </button>
            <button
              type="button"
              className="ottisk-designer-icon-button"
              aria-pressed={element.locked}
              aria-label={`${element.locked ? "Открепить" : "Закрепить"}: ${element.name}`}
              title={element.locked ? "Открепить" : "Закрепить"}
              onClick={() => onEdit(setLocked(sideIndex, element.id, !element.locked), null)}
            >
              <LockIcon locked={element.locked} />
            </button>
            <button
              type="button"
              className="ottisk-designer-icon-button"
              aria-label={`Удалить: ${element.name}`}
              title={element.locked ? "Закреплённый элемент не удаляется" : "Удалить"}
              disabled={element.locked}
              onClick={() => onEdit(deleteElement(sideIndex, element.id), null)}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      {selected ? (
        <div className="ottisk-designer-row" role="group" aria-label={`Порядок слоя «${selected.name}»`}>
          {ORDER.map((entry) => (
            <button key={entry.move} type="button" className="ottisk-button ottisk-designer-small" onClick={() => onEdit(moveLayer(sideIndex, selected.id, entry.move), null)}>
              {entry.label}
            </button>
          ))}
          <button
            type="button"
            className="ottisk-button ottisk-designer-small"
            onClick={() =>
              onEdit(
                duplicateElement(sideIndex, selected.id, (id) => queueMicrotask(() => onSelect(id))),
                null,
              )
            }
          >
            Дублировать
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** A padlock, shut or open (drawn: the shop's fonts have no such sign). */
function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d={locked ? "M8 11V8a4 4 0 0 1 8 0v3" : "M8 11V8a4 4 0 0 1 7.5-2"} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
