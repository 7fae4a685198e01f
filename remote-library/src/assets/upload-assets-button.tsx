import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { api, serverText, TOAST_MS, useTexts, useToast } from '@parley/shared';
import { Button, Progress, Space, Spin } from 'antd';
import { useRef, useState } from 'react';
import { texts } from '../i18n';
import { chooseUploadableFiles } from './upload-rules';

/** What the server accepts (it checks the real type from the bytes); the picker only suggests it. */
const ACCEPTED_FILES = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv';

/** Owner-only 'Upload Assets': a multi-file picker, the spec's 5-file and 15 MB rules, spinner and progress. */
export function UploadAssetsButton({ onUploaded }: { onUploaded(): void }) {
  const t = useTexts(texts);
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const toast = useToast(TOAST_MS.screen);
  const uploading = percent !== null;

  async function upload(chosen: File[]) {
    const { accepted, problems } = chooseUploadableFiles(chosen);
    for (const problem of problems) toast.error(problem);
    if (accepted.length === 0) return;
    const form = new FormData();
    for (const file of accepted) form.append('files', file, file.name);
    setPercent(0);
    try {
      await api.post('/api/account/assets', form, {
        onUploadProgress: (event) => setPercent(Math.round((event.progress ?? 0) * 100)),
      });
      toast.success(t('assets.uploaded'));
      onUploaded();
    } catch (failure) {
      // The spec's text, and the server's reason (which file, why) under it when it gave one.
      toast.error(t('assets.uploadFailed'), serverText(failure));
    } finally {
      setPercent(null);
    }
  }

  return (
    <Space orientation="vertical" style={{ marginBottom: 16 }}>
      <Space>
        <Button type="primary" icon={<UploadOutlined />} disabled={uploading} onClick={() => input.current?.click()}>
          {t('assets.upload')}
        </Button>
        {uploading && <Spin size="small" aria-label={t('assets.uploading')} />}
      </Space>
      {uploading && <Progress percent={percent} size="small" style={{ width: 240 }} />}
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        hidden
        data-testid="asset-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same files again still counts as a change.
          event.target.value = '';
          void upload(files);
        }}
      />
    </Space>
  );
}
