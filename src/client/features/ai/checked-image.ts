import { IMAGE_MAX_BYTES } from '@common/ai-rules';
import { showToast } from '../../lib/toast';

/** A file the owner picked, if it can be sent as a photo; otherwise the toast that says why not, and null. */
export function checkedImage(file: File | undefined): File | null {
  if (!file) return null;
  if (!file.type.startsWith('image/')) {
    showToast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
    return null;
  }
  if (file.size > IMAGE_MAX_BYTES) {
    showToast({ title: 'Image too large', description: 'Please choose an image of 10 MB or less', variant: 'destructive' });
    return null;
  }
  return file;
}
