import { z } from 'zod'

// zod probes for eval (`new Function`) to compile faster object parsers, and it probes
// when each object schema is built, not when it first parses: the studio's CSP refuses
// eval, so the probe logged a CSP violation on every load. This module is the studio's
// first import (main.tsx), so jitless is set before any schema exists; the interpreted
// parsers are fast enough for one settings file.
z.config({ jitless: true })
