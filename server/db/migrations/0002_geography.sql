CREATE TABLE "city" (
	"kladr_id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"region_type" text DEFAULT '' NOT NULL,
	"fias_id" text,
	"postal_code" text,
	"timezone" text,
	"geo_lat" double precision NOT NULL,
	"geo_lon" double precision NOT NULL,
	"population" integer,
	"search_name" text NOT NULL,
	"preset" boolean DEFAULT false NOT NULL,
	"boxberry_id" text,
	"cdek_id" text,
	"dpd_id" text,
	"taxi_id" text,
	CONSTRAINT "city_kladr_id_check" CHECK ("city"."kladr_id" ~ '^[0-9]{13}([0-9]{4})?$'),
	CONSTRAINT "city_geo_lat_check" CHECK ("city"."geo_lat" BETWEEN -90 AND 90),
	CONSTRAINT "city_geo_lon_check" CHECK ("city"."geo_lon" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "self_pickup_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city_kladr_id" text NOT NULL,
	"operating_mode" text DEFAULT '' NOT NULL,
	"geo_lat" double precision,
	"geo_lon" double precision,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_pickup_point" ADD CONSTRAINT "self_pickup_point_city_kladr_id_city_kladr_id_fk" FOREIGN KEY ("city_kladr_id") REFERENCES "public"."city"("kladr_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_search_name_idx" ON "city" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "self_pickup_point_city_kladr_id_idx" ON "self_pickup_point" USING btree ("city_kladr_id");--> statement-breakpoint
CREATE INDEX "self_pickup_point_created_at_idx" ON "self_pickup_point" USING btree ("created_at","id");