import type { AMENITIES, BLOCK_REASONS } from '@shared/schemas/venues';

export type Amenity = (typeof AMENITIES)[number];
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const AMENITY_LABELS: Record<Amenity, string> = {
  wifi: 'Wi-Fi',
  coffee: 'Coffee',
  parking: 'Parking',
  music: 'Music',
  bar: 'Bar',
  catering: 'Catering',
  outdoor: 'Outdoor space',
};

export const amenityLabel = (a: string) => AMENITY_LABELS[a as Amenity] ?? a;

export const BLOCK_REASON_LABELS: Record<BlockReason, string> = {
  maintenance: 'Maintenance',
  private_event: 'Private event',
  staff_training: 'Staff training',
  holiday: 'Holiday',
  other: 'Other',
};

export const blockReasonLabel = (r: string | null) => (r ? (BLOCK_REASON_LABELS[r as BlockReason] ?? r) : 'Blocked');
