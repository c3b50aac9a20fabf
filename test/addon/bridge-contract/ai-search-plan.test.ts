import {
  AI_IMAGE_MAX_BYTES,
  AI_PAGE_SIZE_MAX,
  aiCreditsText,
  aiDepthText,
  aiPacingText,
  aiPageInProgress,
  aiPageProgressText,
  aiSizeProblem,
  estimateAiSearch,
  maxAiPages,
} from '../../../addon/bridge-contract/ai-search-plan';
import { AI_SEARCH_MAX_PAGE_SIZE } from '../../../shared/requests/ai-search';
import { AI_IMAGE_MAX_BYTES as WORKER_IMAGE_MAX_BYTES } from '../../../worker/src/operations/ai-search/image-fetch';

describe('the AI search plan', () => {
  it('keeps the limits the worker enforces', () => {
    expect(AI_PAGE_SIZE_MAX).toBe(AI_SEARCH_MAX_PAGE_SIZE);
    expect(AI_IMAGE_MAX_BYTES).toBe(WORKER_IMAGE_MAX_BYTES);
    expect(AI_IMAGE_MAX_BYTES).toBe(3_932_160);
  });

  it('states the 1,500-result depth as the most pages for a page size', () => {
    expect(maxAiPages(20)).toBe(75);
    expect(maxAiPages(50)).toBe(30);
    expect(maxAiPages(100)).toBe(15);
    expect(maxAiPages(7)).toBe(214);
    expect(aiDepthText(20)).toBe('at most 75 pages of 20 (1,500 results deep)');
    expect(aiDepthText(100)).toBe('at most 15 pages of 100 (1,500 results deep)');
  });

  it('prices 0.025 credits per creator of every page, and asks above 1 credit', () => {
    const small = estimateAiSearch('text', 20, 2);
    expect(small).toMatchObject({
      maxResults: 40,
      maxCredits: 1,
      creditsPerPage: 0.5,
      needsConfirmation: false,
    });
    const big = estimateAiSearch('lookalikes', 100, 15);
    expect(big).toMatchObject({ maxResults: 1500, maxCredits: 37.5, needsConfirmation: true });
    expect(big.summary).toBe(
      '15 pages of 100: at most 1,500 creators, at most 37.5 credits (2.5 credits a full page; only creators returned are charged, and pages the worker already holds are free).',
    );
    expect(aiCreditsText(1)).toBe('1 credit');
    expect(aiCreditsText(1234.5)).toBe('1,234.5 credits');
  });

  it('refuses sizes past the limits in words before any estimate', () => {
    expect(aiSizeProblem(20, 75)).toBeNull();
    expect(aiSizeProblem(20, 76)).toBe(
      'Pages must be a whole number from 1 to 75 with 20 per page (AI search goes 1,500 results deep), got 76.',
    );
    expect(aiSizeProblem(101, 1)).toBe('Page size must be a whole number from 1 to 100, got 101.');
    expect(() => estimateAiSearch('image', 50, 31)).toThrow('from 1 to 30 with 50 per page');
  });

  it('shows the one-call-a-second pace as time and as the page a job is on', () => {
    expect(aiPacingText(1)).toBe('One page: one AI search call.');
    expect(aiPacingText(10)).toBe('10 pages take about 10 s: the API allows one AI search a second.');
    expect(aiPacingText(300)).toBe('300 pages take about 5 min: the API allows one AI search a second.');
    expect(aiPageInProgress(0, 20, 10)).toBe(1);
    expect(aiPageInProgress(40, 20, 10)).toBe(3);
    expect(aiPageInProgress(200, 20, 10)).toBe(10);
    expect(aiPageProgressText(45, 20, 10)).toBe('page 3 of 10 (the API allows one AI search a second)');
  });
});
