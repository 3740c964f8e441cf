import type { DesignTemplate } from "../../shared/contracts/index";
import type { TextShaper } from "./text-shaper";
import { SideView } from "./SideView";
import type { SideViewProps } from "./SideView";

/*
 * The templates offered for the product's size, each as a small drawing of its front (the same
 * renderer as the canvas) and its name; the chosen one is pressed. A fitted template (another size
 * scaled a little) says so.
 */

export interface TemplatePickerProps {
  templates: readonly { template: DesignTemplate; fitted: boolean }[];
  chosenId: string | null;
  shaper: TextShaper;
  imageHref: SideViewProps["imageHref"];
  onChoose: (template: DesignTemplate) => void;
}

export function TemplatePicker({ templates, chosenId, shaper, imageHref, onChoose }: TemplatePickerProps) {
  return (
    <section className="ottisk-designer-panel" aria-label="Шаблоны" part="templates">
      <h3>Шаблоны</h3>
      {templates.length === 0 ? <p className="ottisk-designer-note">Для этого формата шаблонов пока нет: начните с чистого листа.</p> : null}
      <ul className="ottisk-designer-templates">
        {templates.map(({ template, fitted }) => (
          <li key={template.id}>
            <button type="button" className="ottisk-designer-template" aria-pressed={template.id === chosenId} data-template-id={template.id} onClick={() => onChoose(template)}>
              <SideView document={template.document} sideIndex={0} shaper={shaper} imageHref={imageHref} width={96} />
              <span>{template.name}</span>
              {fitted ? <span className="ottisk-designer-note">подогнан под формат</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
