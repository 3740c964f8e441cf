export { DotPagination } from "./DotPagination";
export type { DotPaginationProps } from "./DotPagination";
export { ProductCard, ProductCardSkeleton } from "./ProductCard";
export type { ProductCardProps } from "./ProductCard";
