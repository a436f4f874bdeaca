ALTER TABLE "discharge_constructs" ADD COLUMN "exceeded_months" jsonb;--> statement-breakpoint
-- the months in which a flow broke a limit (the map's 'vượt giới hạn' of a period), the same text as judge.ts refreshSummary
UPDATE "discharge_constructs" c SET "exceeded_months" = (select jsonb_agg(distinct (extract(year from t.measured_date at time zone 'UTC') * 100 + extract(month from t.measured_date at time zone 'UTC'))::int) from "discharge_traffic" t where t.construct_id = c.id and t.status = 2);--> statement-breakpoint
-- medical works made before this migration were judged by QCVN 14:2008 (the default then): their permits keep it (DOMAIN.md: existing permits keep the standard they were issued under), so their stored judgements stay true
UPDATE "discharge_constructs" SET "standard_code" = 'QCVN 14:2008/BTNMT' WHERE "wastewater_type" = 3 AND coalesce("standard_code", '') = '';--> statement-breakpoint
-- medical wastewater's national limits, QCVN 28:2010/BTNMT Bảng 1, columns A and B (rows an officer already entered stay as they are)
INSERT INTO "discharge_limits" ("standard_code", "column", "parameter", "limit_min", "limit_max", "unit", "k_applies", "search_text") VALUES
('QCVN 28:2010/BTNMT', 'A', 'ph', 6.5, 8.5, '', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'ph', 6.5, 8.5, '', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'bod5', null, 30, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'bod5', null, 50, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'cod', null, 50, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'cod', null, 100, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'tss', null, 50, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'tss', null, 100, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'sulfide', null, 1, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'sulfide', null, 4, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'nh4', null, 5, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'nh4', null, 10, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'no3', null, 30, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'no3', null, 50, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'po4', null, 6, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'po4', null, 10, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'oil_fat', null, 10, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'oil_fat', null, 20, 'mg/L', true, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'A', 'coliform', null, 3000, 'MPN/100 mL', false, 'qcvn 28:2010/btnmt'),
('QCVN 28:2010/BTNMT', 'B', 'coliform', null, 5000, 'MPN/100 mL', false, 'qcvn 28:2010/btnmt')
ON CONFLICT ("standard_code", "column", "parameter") DO NOTHING;
