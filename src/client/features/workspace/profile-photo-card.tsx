import { useRef, useState, type ChangeEvent } from 'react';
import { Trash2, Upload } from 'lucide-react';
import { PHOTO_MAX_BYTES, type WorkspaceProfile } from '@common/workspace';
import { Button } from '../../components/ui/button';
import { ExpertPhoto } from '../experts';
import { useRemoveProfilePhoto, useUploadProfilePhoto } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';

const TOO_LARGE = `Please choose a photo under ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;

/** The profile photo owners see in the listings, with a preview of the chosen file while it uploads. */
export function ProfilePhotoCard({ profile }: { profile: WorkspaceProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      showToast({ title: 'Photo too large', description: TOO_LARGE, variant: 'destructive' });
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    upload.mutate(file, {
      onSuccess: () => showToast({ title: 'Photo updated', description: 'Owners see your new photo in the listings.' }),
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to upload the photo'), variant: 'destructive' }),
      onSettled: () => {
        URL.revokeObjectURL(url);
        setPreview(null);
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {preview ? (
        <img src={preview} alt="Your new photo, uploading" className="size-28 rounded-full object-cover opacity-70 ring-4 ring-navy-100" />
      ) : (
        <ExpertPhoto expert={profile} alt={`${profile.name}'s profile photo`} className="size-28 rounded-full ring-4 ring-navy-100" />
      )}
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-slate-600">A clear, friendly photo of your face. JPEG, PNG or WebP, up to 5 MB.</p>
        <input ref={input} id="profile-photo" type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={onChoose} aria-label="Choose a profile photo" />
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden /> {upload.isPending ? 'Uploading...' : profile.profileImage ? 'Change photo' : 'Upload photo'}
          </Button>
          {profile.profileImage ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the photo'), variant: 'destructive' }),
                })
              }
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
