import { z } from 'zod';
import { idSchema } from '../ids';

export const instructorListItemSchema = z.object({ id: idSchema, name: z.string() });
export const instructorListSchema = z.array(instructorListItemSchema);
