import { useState, type ReactNode } from 'react';
import type { Boat } from '@common/boats';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { BoatForm } from './boat-form';

/** The boat form in a dialog: 'Add a boat' without a boat, 'Edit' with one. `trigger` is the button that opens it. */
export function BoatFormDialog({ boat, trigger, onSaved }: { boat?: Boat; trigger: ReactNode; onSaved?: (boat: Boat) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{boat ? `Edit ${boat.name}` : 'Add a boat'}</DialogTitle>
          <DialogDescription>
            {boat
              ? 'Bookings already made keep the details they were made with.'
              : 'Only the name and three choices are needed; the more you add, the better experts and the assistant can help.'}
          </DialogDescription>
        </DialogHeader>
        {/* The dialog's content is mounted while it is open: each opening starts from the boat as it is now. */}
        <BoatForm
          boat={boat}
          onCancel={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
