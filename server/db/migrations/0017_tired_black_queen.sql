CREATE TABLE "order_status_count" (
	"status" text PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
