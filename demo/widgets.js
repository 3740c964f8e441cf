// Logs every ottisk-* event the elements fire (they bubble and are composed, so document hears them).
const EVENTS = [
  "ottisk-order",
  "ottisk-favourite-change",
  "ottisk-add-to-cart",
  "ottisk-cart-change",
  "ottisk-login",
  "ottisk-logout",
  "ottisk-company-change",
  "ottisk-city-change",
  "ottisk-checkout",
  "ottisk-search",
  "ottisk-cookie-accept",
  "ottisk-feedback-sent",
  "ottisk-navigate",
  "ottisk-layout-checked",
  "ottisk-layout-uploaded",
  "ottisk-layout-approved",
  "ottisk-design-order",
  "ottisk-pdf-saved",
  "ottisk-pdf-error",
  "ottisk-design-export",
  "ottisk-design-add-to-cart",
];
const log = document.querySelector("#event-log");
const product = document.querySelector("ottisk-product");

for (const name of EVENTS) {
  document.addEventListener(name, (event) => {
    const item = document.createElement("li");
    item.textContent = `${new Date().toLocaleTimeString("ru-RU")} ${name} ${JSON.stringify(event.detail)}`;
    log.prepend(item);
  });
}

// Keep the gallery on this page: 'Заказать' fills <ottisk-product>, a search shows the results here.
document.addEventListener("ottisk-order", (event) => {
  event.preventDefault();
  product.setAttribute("product-id", String(event.detail.productId));
  // The designer, hidden until a product is chosen (its code loads only then).
  document.querySelector("ottisk-designer").setAttribute("product-id", String(event.detail.productId));
  document.querySelector("#designer-section").hidden = false;
  product.scrollIntoView({ block: "center" });
});
document.addEventListener("ottisk-search", (event) => {
  event.preventDefault();
  document.querySelector("ottisk-search-results").setAttribute("query", event.detail.query);
});
