import { UploadOutlined } from '@ant-design/icons';
import { useTexts } from '@parley/shared';
import { Button, Input, Typography, Upload } from 'antd';
import { texts } from '../i18n';

export interface MediaFieldProps {
  file: File | null;
  caption: string;
  onFile: (file: File | null) => void;
  onCaption: (caption: string) => void;
}

/** A file picker plus an optional caption; the file is sent by Send, never uploaded on pick. */
export function MediaField({ file, caption, onFile, onCaption }: MediaFieldProps) {
  const t = useTexts(texts);
  return (
    <div className="inbox-field-stack">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
        <Upload
          showUploadList={false}
          maxCount={1}
          beforeUpload={(picked) => {
            onFile(picked);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('composer.chooseFile')}</Button>
        </Upload>
        {file ? (
          <>
            <Typography.Text ellipsis style={{ minWidth: 0 }}>
              {file.name}
            </Typography.Text>
            <Button size="small" type="link" onClick={() => onFile(null)}>
              {t('composer.remove')}
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{t('composer.noFile')}</Typography.Text>
        )}
      </div>
      <CaptionInput caption={caption} onCaption={onCaption} />
    </div>
  );
}

/** The caption sent with a file or an asset. */
export function CaptionInput({ caption, onCaption }: { caption: string; onCaption(caption: string): void }) {
  const t = useTexts(texts);
  return (
    <Input
      aria-label={t('composer.caption')}
      placeholder={t('composer.captionPlaceholder')}
      value={caption}
      onChange={(event) => onCaption(event.target.value)}
    />
  );
}
