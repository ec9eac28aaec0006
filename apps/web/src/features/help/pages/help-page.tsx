import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { HELP_TOPICS } from '../help-topics.ts';

export function HelpPage() {
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeading>Help</PageHeading>
      <Typography sx={{ mb: 2 }}>
        How to use each area of the portal. What you see in the navigation depends on your
        permissions; ask the store if you need access to an area you cannot see.
      </Typography>
      <Box component="nav" aria-label="Help topics" sx={{ mb: 3 }}>
        <Box component="ul" sx={{ pl: 3, my: 0 }}>
          {HELP_TOPICS.map((topic) => (
            <li key={topic.id}>
              <Link href={`#${topic.id}`}>{topic.heading}</Link>
              {!topic.available && ' (not available yet)'}
            </li>
          ))}
        </Box>
      </Box>
      <Stack spacing={3}>
        {HELP_TOPICS.map((topic) => (
          <Box component="section" key={topic.id} aria-labelledby={`${topic.id}-heading`}>
            <Typography
              component="h2"
              variant="h5"
              id={`${topic.id}-heading`}
              gutterBottom
              sx={{ scrollMarginTop: 80 }}
            >
              <span id={topic.id}>{topic.heading}</span>
            </Typography>
            {!topic.available && (
              <Typography sx={{ mb: 1.5, fontWeight: 500 }}>
                Not available yet: this area is being built. This is what it will do.
              </Typography>
            )}
            {topic.paragraphs.map((text) => (
              <Typography key={text} sx={{ mb: 1.5 }}>
                {text}
              </Typography>
            ))}
            {topic.steps && (
              <Box component="ol" sx={{ pl: 3, my: 0 }}>
                {topic.steps.map((step) => (
                  <Typography component="li" key={step} sx={{ mb: 0.5 }}>
                    {step}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
