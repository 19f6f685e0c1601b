import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@client/components/ui/field';
import { cn } from '@client/components/ui/cn';
import { coordinatePair } from '../lib/coordinates';

/**
 * Latitude and longitude of a venue's entrance, as the add-venue form and a venue card's location
 * editor ask for them. Pasting a map app's "lat, long" into Latitude fills both (`onPair`).
 */
export function CoordinateFields({
  latitude,
  longitude,
  errors,
  onPair,
  className,
}: {
  latitude: UseFormRegisterReturn<'latitude'>;
  longitude: UseFormRegisterReturn<'longitude'>;
  errors: { latitude?: { message?: string | undefined } | undefined; longitude?: { message?: string | undefined } | undefined };
  onPair: (latitude: string, longitude: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid sm:grid-cols-2', className)}>
      <TextField
        label="Latitude"
        placeholder="e.g. 53.5331"
        autoComplete="off"
        spellCheck={false}
        error={errors.latitude?.message}
        {...latitude}
        onChange={(e) => {
          const pair = coordinatePair(e.target.value);
          if (!pair) return void latitude.onChange(e);
          onPair(pair[0], pair[1]);
        }}
      />
      <TextField label="Longitude" placeholder="e.g. -2.2845" autoComplete="off" spellCheck={false} error={errors.longitude?.message} {...longitude} />
    </div>
  );
}
