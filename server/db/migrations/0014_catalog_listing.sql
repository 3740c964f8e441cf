DROP INDEX "product_category_name_sort_key_idx";--> statement-breakpoint
DROP INDEX "product_category_times_ordered_idx";--> statement-breakpoint
DROP INDEX "product_name_sort_key_idx";--> statement-breakpoint
DROP INDEX "product_times_ordered_idx";--> statement-breakpoint
CREATE INDEX "product_category_name_sort_key_idx" ON "product" USING btree ("category_id","name_sort_key" COLLATE "C","id") WHERE NOT hidden AND archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "product_category_times_ordered_idx" ON "product" USING btree ("category_id","times_ordered","id") WHERE NOT hidden AND archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "product_name_sort_key_idx" ON "product" USING btree ("name_sort_key" COLLATE "C","id","category_id") WHERE NOT hidden AND archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "product_times_ordered_idx" ON "product" USING btree ("times_ordered","id","category_id") WHERE NOT hidden AND archived_at IS NULL;