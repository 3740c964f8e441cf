// The partner's page keeps shoppers here: 'Заказать' opens the product on this page instead of the shop's.
const product = document.querySelector("ottisk-product");
const productSection = document.querySelector("#product");

document.addEventListener("ottisk-order", (event) => {
  event.preventDefault();
  product.setAttribute("product-id", String(event.detail.productId));
  productSection.hidden = false;
  productSection.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
});

document.addEventListener("ottisk-add-to-cart", (event) => {
  console.info(`Ottisk: line ${event.detail.orderProductId} added, ${event.detail.itemCount} in the cart`);
});
