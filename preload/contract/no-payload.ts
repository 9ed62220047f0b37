// The request schema of an operation that takes no request data: nothing, or null, read as
// nothing. One shared instance, so a refusal can say which operation takes no data.
import { z } from 'zod';

export const noPayload = z.undefined().or(z.null()).transform(() => undefined);
