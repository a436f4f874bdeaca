import { DeleteOutlined, FileImageOutlined } from '@ant-design/icons';
import { thumbnailUrlOf } from '@nns/shared';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { MediaPicker } from '../../core/resource/media-picker';
import { useSession } from '../../core/session';

/**
 * The article's thumbnail, chosen from the media library like the editor's images ('Chọn ảnh từ thư
 * viện'), so the library's used-by list names the article and the image cannot be deleted while the
 * article shows it. A Form.Item child: value is the image's URL.
 */
export function ThumbnailPicker({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const { can } = useSession();
  return (
    <div className="nns-thumb-picker">
      {value ? (
        <img className="nns-thumb-picker-img" src={thumbnailUrlOf(value)} alt="Ảnh đại diện đã chọn" />
      ) : (
        <Typography.Text type="secondary">Chưa chọn ảnh đại diện</Typography.Text>
      )}
      <Space wrap>
        {can('list', 'config_image') && (
          <Button icon={<FileImageOutlined />} onClick={() => setOpen(true)}>
            Chọn ảnh đại diện từ thư viện
          </Button>
        )}
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            Bỏ ảnh đại diện
          </Button>
        )}
      </Space>
      <MediaPicker
        open={open}
        onClose={() => setOpen(false)}
        onPick={(img) => {
          onChange?.(img.file);
          setOpen(false);
        }}
      />
    </div>
  );
}
