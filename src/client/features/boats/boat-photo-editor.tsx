import { useRef, useState, type ChangeEvent } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import { BOAT_MESSAGES, type Boat } from '@common/boats';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError, errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useRemoveBoatPhoto, useUploadBoatPhoto } from './api';
import { BoatPhoto } from './boat-photo';

/** The largest photo the server takes (PUT /api/boats/:id/photo). */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** The boat's photo, with upload, replace and remove. A refused file (type, size) says why under the photo. */
export function BoatPhotoEditor({ boat }: { boat: Boat }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBoatPhoto();
  const remove = useRemoveBoatPhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const inputId = `boat-photo-${boat.id}`;

  const failed = (failure: unknown, fallback: string) => {
    // 400 (not an image we take) and 413 (too large) are about the file: said beside it, not only in a toast.
    if (failure instanceof ApiError && (failure.status === 400 || failure.status === 413)) setRefusal(errorText(failure, fallback));
    showToast({ title: 'Error', description: errorText(failure, fallback), variant: 'destructive' });
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    setRefusal(null);
    if (photo.size > PHOTO_MAX_BYTES) {
      setRefusal(BOAT_MESSAGES.photoTooLarge);
      return;
    }
    // Browsers cannot show HEIC: no preview for it, the upload shows the server's copy.
    const url = /^image\/(jpeg|png|webp)$/.test(photo.type) ? URL.createObjectURL(photo) : null;
    setPreview(url);
    upload.mutate(
      { id: boat.id, photo },
      {
        onSuccess: () => showToast({ title: 'Photo saved', description: `The photo of ${boat.name} is saved.` }),
        onError: (failure) => failed(failure, 'Failed to upload the photo'),
        onSettled: () => {
          if (url) URL.revokeObjectURL(url);
          setPreview(null);
        },
      },
    );
  };

  const onRemove = () => {
    setRefusal(null);
    remove.mutate(boat.id, {
      onSuccess: () => showToast({ title: 'Photo removed', description: `${boat.name} has no photo now.` }),
      onError: (failure) => failed(failure, 'Failed to remove the photo'),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      {preview ? (
        <img src={preview} alt={`New photo of ${boat.name}, uploading`} className="aspect-[4/3] w-full rounded-lg object-cover opacity-70" />
      ) : (
        <BoatPhoto boat={boat} className="aspect-[4/3] w-full rounded-lg" />
      )}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <input ref={input} id={inputId} type="file" accept={PHOTO_TYPES} className="sr-only" tabIndex={-1} onChange={onChoose} aria-label={`Choose a photo of ${boat.name}`} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <Camera aria-hidden /> {upload.isPending ? 'Uploading...' : boat.photoUrl ? 'Replace photo' : 'Add a photo'}
        </Button>
        {boat.photoUrl ? (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={onRemove}>
            <Trash2 aria-hidden /> {remove.isPending ? 'Removing...' : 'Remove photo'}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">JPEG, PNG, WebP or HEIC, up to 10 MB.</p>
    </div>
  );
}
