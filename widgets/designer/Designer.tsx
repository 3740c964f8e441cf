import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSetAtom } from "jotai/react";
import type { CartLine, DesignDocument, DesignImageSource, DesignTemplate, LayoutDesign, Product } from "../../shared/contracts/index";
import { fetchStaticAsset } from "../../shared/http/index";
import {
  designTemplates,
  layoutDesignImageBytesAtom,
  layoutDesigns,
  uploadLayoutDesignImageAtom,
  useCart,
  useKeyedResource,
  useProduct,
  useResource,
  useShowFailure,
} from "../../shared/state/index";
import { DesignActions } from "./DesignActions";
import type { DesignDetail } from "./DesignActions";
import { Editor } from "./Editor";
import type { EditorServices } from "./Editor";
import { fontUrl } from "./fonts";
import type { DesignTarget } from "./model/from-template";
import { designDetails, designFromTemplate, designTarget, templateFit, templatesFor } from "./model/from-template";
import type { DesignAssets } from "./pdf/index";
import { useTextShaper } from "./text-shaper";

/*
 * <ottisk-designer>'s React feature: loads the product (its printed details decide the size and the
 * sides), the templates, the saved design (`designId`) or the cart line (`orderProductId`), and the
 * fonts; then draws the editor with the actions. The pictures are read through the API client
 * (the session goes with them, also on a partner's page) and shown from blob: addresses.
 */

export interface DesignerProps {
  host: HTMLElement;
  productId?: number | undefined;
  designId?: string | undefined;
  orderProductId?: number | undefined;
  templateId?: string | undefined;
  cartUrl?: string | undefined;
}

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return alert ? (
    <p className="ottisk-designer-error" role="alert" part="error">
      {text}
    </p>
  ) : (
    <p className="ottisk-designer-note" role="status">
      {text}
    </p>
  );
}

export function Designer({ host, productId, designId, orderProductId, templateId, cartUrl }: DesignerProps) {
  if (productId === undefined) return <Message alert text="Конструктор не знает, какой товар оформлять: укажите атрибут product-id." />;
  return <DesignerForProduct host={host} productId={productId} designId={designId ?? null} orderProductId={orderProductId ?? null} templateId={templateId ?? null} cartUrl={cartUrl ?? null} />;
}

interface ProductDesignerProps {
  host: HTMLElement;
  productId: number;
  designId: string | null;
  orderProductId: number | null;
  templateId: string | null;
  cartUrl: string | null;
}

function DesignerForProduct(props: ProductDesignerProps) {
  if (props.orderProductId !== null) return <DesignerForLine {...props} orderProductId={props.orderProductId} />;
  return <DesignerWithDetails {...props} line={null} />;
}

/** A cart line's design: the line's details carry its own format's size. */
function DesignerForLine(props: ProductDesignerProps & { orderProductId: number }) {
  const { cart, error } = useCart();
  if (!cart) return error ? <Message alert text={error} /> : <Message text="Загружаем корзину…" />;
  const line = cart.orderProduct.find((item) => item.id === props.orderProductId);
  if (!line) return <Message alert text="Этой строки нет в корзине: её удалили или заказ уже оформлен." />;
  return <DesignerWithDetails {...props} line={line} />;
}

function DesignerWithDetails({ host, productId, designId, orderProductId, templateId, cartUrl, line }: ProductDesignerProps & { line: CartLine | null }) {
  const product = useProduct(productId);
  const templates = useResource(designTemplates).resource;
  const design = useKeyedResource(layoutDesigns, designId).resource;

  if (product.status === "error") return <Message alert text={product.messageUI} />;
  if (templates.status === "error") return <Message alert text={templates.messageUI} />;
  if (design?.status === "error") return <Message alert text={design.messageUI} />;
  if (product.status === "loading" || templates.status === "loading" || design?.status === "loading") return <Message text="Загружаем конструктор…" />;

  const details: DesignDetail[] = designDetails(line ? line.layouts.map((layout) => ({ name: layout.detailName, profile: layout.profile })) : product.data.details);
  const target = designTarget(details);
  if (!target) return <Message alert text={`Для «${product.data.productName}» макет в конструкторе не делается.`} />;
  return (
    <LoadedDesigner
      host={host}
      product={product.data}
      details={details}
      target={target}
      templates={templates.data}
      saved={design?.status === "ready" ? design.data : null}
      orderProductId={orderProductId}
      templateId={templateId}
      cartUrl={cartUrl}
    />
  );
}

/** The sides' pictures as blob: addresses, read once each through the API client. */
function useImageHrefs(): (source: DesignImageSource) => string | null {
  const readBytes = useSetAtom(layoutDesignImageBytesAtom);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const asked = useRef(new Set<string>());
  const showFailure = useShowFailure();
  const made = useRef<string[]>([]);
  // The addresses are given back when the designer goes away.
  useEffect(() => {
    const urls = made.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return useCallback(
    (source: DesignImageSource) => {
      const known = urls[source.id];
      if (known) return known;
      if (!asked.current.has(source.id)) {
        asked.current.add(source.id);
        queueMicrotask(() => {
          readBytes(source.id)
            .then((bytes) => {
              const url = URL.createObjectURL(new Blob([bytes.slice()]));
              made.current.push(url);
              setUrls((all) => ({ ...all, [source.id]: url }));
            })
            // A picture that cannot be read stays grey; the next draw asks again.
            .catch((failure: unknown) => showFailure(failure, () => asked.current.delete(source.id)));
        });
      }
      return null;
    },
    [urls, readBytes, showFailure],
  );
}

/** The export's platform: the fonts' files from the shipped addresses, pictures decoded by the browser. */
function useExportAssets(): DesignAssets {
  const readBytes = useSetAtom(layoutDesignImageBytesAtom);
  return useMemo<DesignAssets>(
    () => ({
      font: (family, bold) => fetchStaticAsset(fontUrl(family, bold)),
      image: async (source) => {
        const bytes = await readBytes(source.id);
        const bitmap = await createImageBitmap(new Blob([bytes.slice()]));
        try {
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d");
          if (!context) throw new Error("The browser gives no 2D canvas to decode a picture");
          context.drawImage(bitmap, 0, 0);
          const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
          return { widthPx: bitmap.width, heightPx: bitmap.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
        } finally {
          bitmap.close();
        }
      },
    }),
    [readBytes],
  );
}

/** The first code of the colours option that prints two sides (4+4), for a two-sided design. */
function twoSidedColors(product: Product): string | null {
  return product.options.find((group) => group.group === "colors")?.choices.find((choice) => choice.sides === 2)?.code ?? null;
}

function blankDocument(target: DesignTarget): DesignDocument {
  return { version: 1, trimMm: target.trimMm, bleedMm: target.bleedMm, safeMm: 3, sides: Array.from({ length: target.sides }, () => ({ background: null, elements: [] })) };
}

function LoadedDesigner({
  host,
  product,
  details,
  target,
  templates,
  saved: savedAtStart,
  orderProductId,
  templateId,
  cartUrl,
}: {
  host: HTMLElement;
  product: Product;
  details: DesignDetail[];
  target: DesignTarget;
  templates: DesignTemplate[];
  saved: LayoutDesign | null;
  orderProductId: number | null;
  templateId: string | null;
  cartUrl: string | null;
}) {
  const [saved, setSaved] = useState(savedAtStart);
  const upload = useSetAtom(uploadLayoutDesignImageAtom);
  const showFailure = useShowFailure();
  const imageHref = useImageHrefs();
  const assets = useExportAssets();
  const offered = useMemo(() => templatesFor(templates, target.trimMm).map((template) => ({ template, fitted: templateFit(template, target.trimMm) === "fitted" })), [templates, target.trimMm]);
  const [start] = useState(() => {
    if (savedAtStart) return { document: savedAtStart.document, templateId: null };
    const chosen = offered.find((entry) => entry.template.id === templateId) ?? offered[0];
    return chosen ? { document: designFromTemplate(chosen.template, target), templateId: chosen.template.id } : { document: blankDocument(target), templateId: null };
  });
  // The editor opens once the fonts of the design it starts with are there; the thumbnails' fonts
  // (every template in its own) load after, each thumbnail's text drawn as its font arrives.
  const shaping = useTextShaper(start.document);
  const shaper = shaping.shaper;
  const services = useMemo<EditorServices>(
    () => ({
      uploadImage: async (file) => {
        const image = await upload(file);
        return { id: image.id, widthPx: image.widthPx, heightPx: image.heightPx };
      },
      imageHref,
      shaper,
      showFailure: (error, show) => showFailure(error, (messageUI) => show(messageUI)),
    }),
    [upload, imageHref, shaper, showFailure],
  );
  if (shaping.error) return <Message alert text={shaping.error} />;
  if (!shaping.ready) return <Message text="Загружаем конструктор…" />;
  const minQuantity = product.priceTiers.reduce((least, tier) => Math.min(least, tier.minQuantity), Number.POSITIVE_INFINITY);
  return (
    <Editor
      initial={start.document}
      initialTemplateId={start.templateId}
      templates={offered}
      target={target}
      sideNames={details.map((detail) => detail.name)}
      services={services}
      renderActions={(document, select, edit) => (
        <DesignActions
          host={host}
          document={document}
          details={details}
          productId={product.id}
          productName={product.productName}
          cartDefaults={{ quantity: Number.isFinite(minQuantity) ? minQuantity : 1, twoSidedColors: twoSidedColors(product) }}
          orderProductId={orderProductId}
          cartUrl={cartUrl}
          saved={saved}
          onSaved={setSaved}
          assets={assets}
          select={select}
          edit={edit}
          textHeight={shaper.height}
        />
      )}
    />
  );
}
