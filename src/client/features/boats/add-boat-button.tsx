import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { BoatFormDialog } from './boat-form-dialog';

/** 'Add a boat': the boat form; once added, the boat's own page (its photo, schedule and history). */
export function AddBoatButton({ label = 'Add a boat', ...button }: { label?: string } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const navigate = useNavigate();
  return (
    <BoatFormDialog
      onSaved={(boat) => void navigate(`/boats/${boat.id}`)}
      trigger={
        <Button {...button}>
          <Plus aria-hidden /> {label}
        </Button>
      }
    />
  );
}
