ALTER TABLE "discharge_constructs" ALTER COLUMN "permitted_flow" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "k_class" text;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "kq_class" text;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "kf_class" text;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "temperature" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "colour" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "cr3" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "fluoride" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "chloride" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "residual_chlorine" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pesticides_oc" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pesticides_op" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pcb" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "gross_alpha" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "gross_beta" double precision;--> statement-breakpoint
-- the rest of QCVN 40:2011/BTNMT Bảng 1 (33 parameters in all) and QCVN 28:2010/BTNMT's gross α and β, columns A and B (rows an officer already entered stay as they are)
INSERT INTO "discharge_limits" ("standard_code", "column", "parameter", "limit_min", "limit_max", "unit", "k_applies", "search_text") VALUES
('QCVN 40:2011/BTNMT', 'A', 'temperature', null, 40, '°C', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'temperature', null, 40, '°C', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'colour', null, 50, 'Pt-Co', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'colour', null, 150, 'Pt-Co', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cr3', null, 0.2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cr3', null, 1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'sulfide', null, 0.2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'sulfide', null, 0.5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'fluoride', null, 5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'fluoride', null, 10, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'chloride', null, 500, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'chloride', null, 1000, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'residual_chlorine', null, 1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'residual_chlorine', null, 2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'pesticides_oc', null, 0.05, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'pesticides_oc', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'pesticides_op', null, 0.3, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'pesticides_op', null, 1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'pcb', null, 0.003, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'pcb', null, 0.01, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'gross_alpha', null, 0.1, 'Bq/L', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'gross_alpha', null, 0.1, 'Bq/L', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'gross_beta', null, 1, 'Bq/L', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'gross_beta', null, 1, 'Bq/L', false, 'qcvn 40:2011/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'gross_alpha', null, 0.1, 'Bq/L', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'gross_alpha', null, 0.1, 'Bq/L', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'gross_beta', null, 1, 'Bq/L', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'gross_beta', null, 1, 'Bq/L', false, 'qcvn 28:2010/btnmt')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- an existing work keeps the standard it was judged under (the default of its type until now), so adding the 2025 standards' limits does not move it
UPDATE "discharge_constructs" SET "standard_code" = CASE "wastewater_type" WHEN 4 THEN 'QCVN 40:2011/BTNMT' WHEN 3 THEN 'QCVN 28:2010/BTNMT' ELSE 'QCVN 14:2008/BTNMT' END WHERE coalesce("standard_code", '') = '';--> statement-breakpoint
-- a Kf typed before is one of the regulation's four values: its class says which (other factors stay as typed until the owner picks a class)
UPDATE "discharge_constructs" SET "kf_class" = CASE "kf" WHEN 1.2 THEN 'f_50' WHEN 1.1 THEN 'f_500' WHEN 1.0 THEN 'f_5000' WHEN 0.9 THEN 'f_more' END WHERE "kf" IS NOT NULL AND "wastewater_type" = 4;
