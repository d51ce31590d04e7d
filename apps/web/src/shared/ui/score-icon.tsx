import { scoreColor, scoreTooltips } from '@mailhound/contracts';
import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';

const icons = { green: IconCircleCheck, yellow: IconAlertTriangle, red: IconCircleX } as const;

function tooltipFor(score: number): string {
  return score in scoreTooltips
    ? scoreTooltips[score as keyof typeof scoreTooltips]
    : `Score ${score}`;
}

// product-spec §4 "Score icon": green from 95, yellow 50 to 94, red otherwise; api-spec §8
// gives the tooltip of each score the finder returns.
export function ScoreIcon({ score }: { score: number }) {
  const color = scoreColor(score);
  const Icon = icons[color];
  return (
    <Tooltip label={tooltipFor(score)} withArrow openDelay={100}>
      <ThemeIcon
        color={color}
        variant="light"
        radius="xl"
        role="img"
        aria-label={`Score ${score}`}
        data-score-color={color}
      >
        <Icon size={18} />
      </ThemeIcon>
    </Tooltip>
  );
}
