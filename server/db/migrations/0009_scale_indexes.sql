-- Issue 17 (the catalogue at 1000×): indexes that match the catalogue listings' ORDER BY with and without
-- the category filter (a deep page walks an index instead of sorting every product); the folded
-- product name with a trigram index, so the site search finds names by similarity without reading
-- every product; and indexes on the foreign keys the cart, the orders and the account area look rows
-- up by (preflight_job.layout_id, design_order.order_product_id …), so no request reads a whole
-- history table. product_category_id_idx goes: the two category indexes start with category_id.
DROP INDEX "product_category_id_idx";--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower(name), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "balance_entry_order_id_idx" ON "balance_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "client_order_created_at_idx" ON "client_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "client_order_company_id_idx" ON "client_order" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "client_order_invoice_file_id_idx" ON "client_order" USING btree ("invoice_file_id");--> statement-breakpoint
CREATE INDEX "design_order_order_product_id_idx" ON "design_order" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "design_order_order_id_idx" ON "design_order" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "design_order_annotated_file_id_idx" ON "design_order" USING btree ("annotated_file_id");--> statement-breakpoint
CREATE INDEX "layout_file_id_idx" ON "layout" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "order_product_product_id_idx" ON "order_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_product_repeat_of_id_idx" ON "order_product" USING btree ("repeat_of_id");--> statement-breakpoint
CREATE INDEX "preflight_job_layout_id_idx" ON "preflight_job" USING btree ("layout_id","id");--> statement-breakpoint
CREATE INDEX "product_category_name_sort_key_idx" ON "product" USING btree ("category_id","name_sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "product_category_times_ordered_idx" ON "product" USING btree ("category_id","times_ordered","id");--> statement-breakpoint
CREATE INDEX "product_search_name_idx" ON "product" USING gin ("search_name" gin_trgm_ops);