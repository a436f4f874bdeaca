import { defineResource, integer, ref, text, textarea } from '../index';

/** A stage (công đoạn) of a process, in order, with its planned duration. */
export default defineResource({
  name: 'stages',
  subject: 'stages',
  label: 'Công đoạn',
  area: 'culture',
  route: '/admin/culture/stages',
  menuOrder: 20,
  fields: {
    process_id: ref('processes', { label: 'Quy trình', required: true, filter: true, onDelete: 'cascade' }),
    position: integer({ label: 'Thứ tự', min: 1, max: 1000, sort: true, help: 'Để trống: xếp sau công đoạn cuối của quy trình' }),
    name: text({ label: 'Tên công đoạn', required: true, max: 255, search: true, sort: true }),
    duration_days: integer({ label: 'Thời gian (ngày)', required: true, min: 0, max: 3650, sort: true }),
    expected_activities: textarea({ label: 'Công việc dự kiến', max: 5000 }),
    expected_inputs: textarea({ label: 'Vật tư dự kiến', max: 5000 }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
  },
  list: {
    columns: ['process_id', 'position', 'name', 'duration_days', 'expected_activities'],
    sort: ['position', 'name', 'duration_days'],
    defaultSort: 'position',
  },
  export: 'export',
  count: true,
  wardVia: 'process_id',
  producerVia: 'process_id',
});
