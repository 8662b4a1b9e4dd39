import { Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { showToast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ title: 'Link copied' });
  } catch {
    showToast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

/** Shares the page with the device's share sheet, or copies its address where there is none. */
export function ShareButton({ title }: { title: string }) {
  // Disabled until the app has started on a page the server rendered: visibly not ready, not dead.
  const hydrated = useHydrated();
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share !== 'function') return copyLink(url);
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyLink(url);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={share} disabled={!hydrated}>
      <Share2 aria-hidden /> Share
    </Button>
  );
}
