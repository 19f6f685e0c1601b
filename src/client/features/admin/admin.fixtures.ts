/** Typed fixtures for the admin views: signups as GET /api/users lists them. */
import type { UserListItem } from '@shared/schemas/users';
import { Reply } from '@client/test/render';

export function signup(id: number, over: Partial<UserListItem> = {}): UserListItem {
  return {
    id,
    name: `Member ${id}`,
    email: `member${id}@example.com`,
    age: 30,
    bio: null,
    interests: [],
    username: `member${id}@example.com`,
    createdAt: `2026-10-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    ...over,
  };
}

/** Six signups, given out of order: the newest is Fay (id 6, 6 Oct). */
export const SIGNUPS: UserListItem[] = [
  signup(3, { name: 'Cara Doyle', email: 'cara@example.com', age: 22, bio: 'Loves climbing.', interests: ['Climbing', 'wine', 'Books'] }),
  signup(1, { name: 'Ann Brown', email: 'ann@example.com', age: 19, interests: ['Wine', 'hiking'] }),
  signup(6, { name: 'Fay Green', email: 'fay@example.com', age: 51, bio: 'Retired teacher.', interests: ['Books', 'Gardening', 'Wine ', 'Hiking'] }),
  signup(2, { name: 'Ben Carter', email: 'ben@work.test', age: 28, interests: ['hiking'] }),
  signup(5, { name: 'Eve Jones', email: 'eve@example.com', age: 40, interests: [] }),
  signup(4, { name: 'Dan Evans', email: 'dan@example.com', age: 33, interests: ['Books'] }),
];

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string) => new Reply(status, { message, error: message });
