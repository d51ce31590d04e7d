// The industry list lives in the contracts, shared with the web's filters.
export {
  type Industry,
  type IndustryGroup,
  industries,
  industryGroupOf,
  industryGroups,
  industryTerms,
  isIndustryId,
} from '@mailhound/contracts';
