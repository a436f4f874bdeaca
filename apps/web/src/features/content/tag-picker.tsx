import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { client } from '../../core/client';
import { answerErrors, notify } from '../../core/feedback';

type Opt = { value: number; label: string };

/**
 * The article's tags: existing ones found as you type, a new name made into a tag on Enter
 * (POST /api/admin/tags/ensure, which also finds it if it exists under another case). The value is the ids.
 */
export function TagPicker({ value, onChange, id }: { value?: number[] | null; onChange?: (v: number[]) => void; id?: string }) {
  const ids = value ?? [];
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Record<number, string>>({});
  const chosen = useQuery({
    queryKey: ['tags', 'list', { ids: ids.join(',') }],
    queryFn: ({ signal }) => client.GET('/api/admin/tags', { params: { query: { ids: ids.join(','), limit: 100 } }, signal }),
    enabled: ids.some((i) => !known[i]),
  });
  const found = useQuery({
    queryKey: ['tags', 'list', { search }],
    queryFn: ({ signal }) => client.GET('/api/admin/tags', { params: { query: { limit: 20, ...(search ? { search } : {}) } }, signal }),
  });
  const names: Record<number, string> = { ...known };
  for (const q of [chosen, found]) for (const t of q.data?.code === 200 ? q.data.data.entries : []) names[t.id] = t.name;
  const options: Opt[] = Object.entries(names).map(([k, v]) => ({ value: Number(k), label: v }));

  const onValues = async (vals: (number | string)[]) => {
    const fresh = vals.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    let next = vals.filter((v): v is number => typeof v === 'number');
    if (fresh.length) {
      const env = await client.POST('/api/admin/tags/ensure', { body: { names: fresh.map((n) => n.trim()) } });
      if (env.code !== 200) {
        notify.error('Không tạo được thẻ', answerErrors(env)[0]?.message ?? env.message);
      } else {
        const made = env.data.entries;
        setKnown((k) => ({ ...k, ...Object.fromEntries(made.map((t) => [t.id, t.name])) }));
        next = [...new Set([...next, ...made.map((t) => t.id)])];
      }
    }
    setSearch('');
    onChange?.(next);
  };

  return (
    <Select
      id={id}
      mode="tags"
      aria-label="Thẻ"
      placeholder="Gõ tên thẻ rồi nhấn Enter để thêm thẻ mới"
      value={ids}
      options={options}
      filterOption={false}
      onSearch={setSearch}
      onChange={(v) => void onValues(v as (number | string)[])}
      tokenSeparators={[',']}
      style={{ width: '100%' }}
    />
  );
}
