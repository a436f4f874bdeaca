import { date, defineResource, integer, ref, text, textarea } from '../index';

/** Kiểm kê xả thải (spec §2 inventory/{id}): one record per work and survey year; the spec's edit is PATCH (the module), the generic PUT stays for the generic form. */
export default defineResource({
  name: 'discharge-inventory',
  subject: 'discharge_inventory',
  label: 'Kiểm kê xả thải',
  area: 'discharge',
  route: '/admin/discharge-construction/inventory',
  titleField: 'survey_year',
  fields: {
    construct_id: ref('discharge-constructs', { label: 'Công trình xả thải', required: true, filter: true, onDelete: 'cascade' }),
    survey_year: integer({ label: 'Năm kiểm kê', required: true, min: 2000, max: 2100, sort: true, filter: true }),
    survey_date: date({ label: 'Ngày kiểm kê' }),
    wastewater_sources: textarea({ label: 'Nguồn phát sinh nước thải', max: 5000 }),
    treatment_system: textarea({ label: 'Hệ thống xử lý nước thải', max: 5000 }),
    monitoring_regime: textarea({ label: 'Chế độ quan trắc', max: 5000 }),
    compliance_findings: textarea({ label: 'Kết quả kiểm tra, tuân thủ', max: 5000 }),
    inspector: text({ label: 'Cán bộ kiểm kê', max: 255 }),
  },
  list: { columns: ['construct_id', 'survey_year', 'survey_date', 'inspector'], sort: ['survey_year'], defaultSort: '-survey_year' },
  uniqueTogether: [['construct_id', 'survey_year']],
  wardVia: 'construct_id',
  export: false,
  detail: false,
});
