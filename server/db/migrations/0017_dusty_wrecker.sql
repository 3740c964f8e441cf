CREATE TABLE "payment_settlement" (
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
	CONSTRAINT "payment_settlement_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "payment_settlement_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "payment_settlement_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_settlement_amount_check" CHECK ("payment_settlement"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_settlement" ADD CONSTRAINT "payment_settlement_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlement" ADD CONSTRAINT "payment_settlement_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_settlement_order_id_idx" ON "payment_settlement" USING btree ("order_id");