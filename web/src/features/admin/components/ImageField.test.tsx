import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { mockApi } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { ImageField, MAX_IMAGE_BYTES } from './ImageField';

function renderField() {
  const onChange = vi.fn();
  function Host() {
    const [value, setValue] = useState('');
    return (
      <ImageField
        label="Image"
        name="image"
        value={value}
        onChange={(url) => {
          onChange(url);
          setValue(url);
        }}
      />
    );
  }
  const user = userEvent.setup();
  const { container } = renderWithProviders(<Host />);
  const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { user, onChange, fileInput };
}

const png = (name = 'pointe.png', size?: number) => {
  const file = new File(['not really a png'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const addressInput = () => screen.getByRole('textbox', { name: 'Image' });

describe('ImageField', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('refuses an image over 5 MB without sending it', async () => {
    const api = mockApi({ 'POST /admin/uploads': { url: '/uploads/never.png' } });
    const { user, onChange, fileInput } = renderField();
    await user.upload(fileInput, png('huge.png', MAX_IMAGE_BYTES + 1));
    await waitFor(() => expect(addressInput()).toHaveAccessibleDescription('The image must be 5 MB or smaller'));
    expect(addressInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a chosen image as multipart and takes the address the server gives', async () => {
    const api = mockApi({ 'POST /admin/uploads': { url: '/uploads/2030/pointe-1a2b.png' } });
    const { user, onChange, fileInput } = renderField();
    const file = png('pointe.png', MAX_IMAGE_BYTES);
    await user.upload(fileInput, file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/2030/pointe-1a2b.png'));
    expect(addressInput()).toHaveValue('/uploads/2030/pointe-1a2b.png');
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/uploads/2030/pointe-1a2b.png');

    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /admin/uploads']);
    const init = api.fetchMock.mock.calls[0]![1];
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBe(file);
    // The browser sets the multipart type with its boundary.
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('shows the server’s reason when it refuses the file', async () => {
    mockApi({ 'POST /admin/uploads': () => jsonResponse({ error: 'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded', code: 'not_an_image' }, 415) });
    const { user, onChange, fileInput } = renderField();
    await user.upload(fileInput, png('fake.png'));
    await waitFor(() => expect(addressInput()).toHaveAccessibleDescription('Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded'));
    expect(addressInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Image preview' })).toBeNull();
  });
});
