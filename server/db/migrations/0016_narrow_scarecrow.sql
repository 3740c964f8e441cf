CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"idempotence_key" text NOT NULL,
	"request_json" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "payment_refund_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "payment_refund_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_refund_amount_check" CHECK ("payment_refund"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "client_order" ADD COLUMN "ready_date" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "request_json" jsonb;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "size_limits" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refund_order_id_idx" ON "payment_refund" USING btree ("order_id");