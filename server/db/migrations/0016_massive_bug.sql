ALTER TABLE "client_order" ADD COLUMN "ready_date" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "size_limits" jsonb;