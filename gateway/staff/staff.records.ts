import type { StaffRole } from "../shared/actor.js";

export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: Date;
}

export const STAFF_NAME_MAX_LENGTH = 100;
