import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';

/** The server takes images up to this size (server/src/uploads). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

export const uploadedSchema = z.object({ url: z.string() });

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiRequest('/admin/uploads', { method: 'POST', body: form, schema: uploadedSchema })).url;
}

interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  name: string;
}

/** An image address typed in, or an image uploaded from the computer, with a preview. */
export function ImageField({ label, value, onChange, error, name }: ImageFieldProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(undefined);
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError(problemText({ code: 'image_too_large' }));
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (failure) {
      setUploadError(errorText(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          name={name}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error ?? uploadError}
          aria-invalid={error || uploadError ? true : undefined}
          placeholder="https://… /uploads/…"
          style={{ flex: 1 }}
        />
        <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED}>
          {(props) => (
            <Button {...props} variant="default" loading={uploading} leftSection={<IconUpload size={16} aria-hidden />} mb={error || uploadError ? 22 : 0}>
              {t('form.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {value !== '' && <Image src={value} alt={t('form.imagePreview')} h={80} w="auto" fit="contain" radius="sm" />}
    </Stack>
  );
}
