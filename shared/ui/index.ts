export { DotPagination } from "./DotPagination";
export type { DotPaginationProps } from "./DotPagination";
export { ProductCard, ProductCardSkeleton } from "./ProductCard";
export type { ProductCardProps } from "./ProductCard";
export { Alert } from "./Alert";
export type { AlertMessage, AlertProps } from "./Alert";
export { Dialog } from "./Dialog";
export type { DialogProps } from "./Dialog";
