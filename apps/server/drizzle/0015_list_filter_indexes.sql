-- Every list filter is served by an index (docs/api.md, "Declaring a list"; src/app/list.test.ts checks it).
CREATE INDEX "battery_structure_idx" ON "battery" USING btree ("structure","id");--> statement-breakpoint
CREATE INDEX "battery_alarm_idx" ON "battery" USING btree ("id") WHERE "battery"."alarm_status" = 'ALARM';--> statement-breakpoint
CREATE INDEX "vehicle_sale_idx" ON "vehicle" USING btree ("sale_status","id");--> statement-breakpoint
CREATE INDEX "vehicle_availability_idx" ON "vehicle" USING btree ("availability","id");--> statement-breakpoint
CREATE INDEX "vehicle_sale_mode_idx" ON "vehicle" USING btree ("sale_mode","id");--> statement-breakpoint
CREATE INDEX "vehicle_activation_idx" ON "vehicle" USING btree ("activation_status","id");--> statement-breakpoint
CREATE INDEX "cabinet_imei_idx" ON "cabinet" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "cabinet_brand_idx" ON "cabinet" USING btree ("brand","id");--> statement-breakpoint
CREATE INDEX "cabinet_network_idx" ON "cabinet" USING btree ("network_type","id");--> statement-breakpoint
CREATE INDEX "cabinet_supply_idx" ON "cabinet" USING btree ("supply_status","id");--> statement-breakpoint
CREATE INDEX "appointment_battery_prefix_idx" ON "appointment" USING btree ("battery_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_batch_number_prefix_idx" ON "stock_batch" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_batch_direction_idx" ON "stock_batch" USING btree ("kind","direction","id");--> statement-breakpoint
CREATE INDEX "stock_batch_type_idx" ON "stock_batch" USING btree ("kind","type_id","id");--> statement-breakpoint
CREATE INDEX "stock_batch_created_idx" ON "stock_batch" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_object_type_idx" ON "audit_log" USING btree ("object_type","at");
