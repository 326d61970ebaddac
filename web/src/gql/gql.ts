/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n    srcSet\n  }\n}": typeof types.ProductCard_ProductFragmentDoc,
    "fragment AccountEmail_customer on Customer {\n  id\n  email\n  emailVerified\n  pendingEmail\n  hasPassword\n}\n\nquery AccountEmail {\n  me {\n    ...AccountEmail_customer\n  }\n}\n\nmutation EmailVerificationSend {\n  customerEmailVerificationSend {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation EmailUpdate($input: CustomerEmailUpdateInput!) {\n  customerEmailUpdate(input: $input) {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.AccountEmail_CustomerFragmentDoc,
    "mutation ChangePassword($input: CustomerChangePasswordInput!) {\n  customerChangePassword(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.ChangePasswordDocument,
    "mutation CustomerActivate($input: CustomerActivateInput!) {\n  customerActivate(input: $input) {\n    outcome\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.CustomerActivateDocument,
    "mutation CustomerRecover($email: String!) {\n  customerRecover(email: $email) {\n    ok\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.CustomerRecoverDocument,
    "mutation CustomerReset($input: CustomerResetInput!) {\n  customerReset(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.CustomerResetDocument,
    "mutation DeleteAccount($input: CustomerDeleteInput!) {\n  customerDelete(input: $input) {\n    deletedCustomerId\n    ordersKeptForNow\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.DeleteAccountDocument,
    "mutation UpdateDisplayName($input: CustomerUpdateInput!) {\n  customerUpdate(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.UpdateDisplayNameDocument,
    "fragment SavedAddress on MailingAddress {\n  id\n  name\n  address1\n  address2\n  city\n  province\n  provinceCode\n  postalCode\n  country\n  countryCode\n  phone\n  formatted\n  isDefault\n}\n\nfragment ShippingCountryRule on ShippingCountry {\n  code\n  name\n  subdivisionLabel\n  subdivisions {\n    code\n    name\n  }\n  postalCodeLabel\n  postalCodeExample\n}\n\nquery AccountAddresses {\n  me {\n    id\n    addresses {\n      ...SavedAddress\n    }\n  }\n  shippingCountries {\n    ...ShippingCountryRule\n  }\n}\n\nmutation CreateAddress($address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation UpdateAddress($id: ID!, $address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressUpdate(id: $id, address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation DeleteAddress($id: ID!) {\n  customerAddressDelete(id: $id) {\n    deletedCustomerAddressId\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation MakeDefaultAddress($addressId: ID!) {\n  customerDefaultAddressUpdate(addressId: $addressId) {\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.SavedAddressFragmentDoc,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.LoginDocument,
    "mutation Logout {\n  logout {\n    ok\n    userErrors {\n      code\n      message\n    }\n  }\n}": typeof types.LogoutDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    customer {\n      id\n      email\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.RegisterDocument,
    "fragment SessionCustomer on Customer {\n  id\n  email\n  displayName\n  hasPassword\n  googleLinked\n}\n\nquery Session {\n  me {\n    ...SessionCustomer\n  }\n}": typeof types.SessionCustomerFragmentDoc,
    "query CartLimits {\n  shop {\n    maxLineQuantity\n  }\n}": typeof types.CartLimitsDocument,
    "fragment ServerCart_cart on Cart {\n  id\n  checkoutUrl\n  lines {\n    edges {\n      node {\n        id\n        quantity\n        merchandise {\n          id\n          availableForSale\n        }\n        attributes {\n          key\n          value\n        }\n      }\n    }\n  }\n}\n\nquery ServerCart($id: ID!) {\n  cart(id: $id) {\n    ...ServerCart_cart\n  }\n}\n\nmutation ServerCartCreate {\n  cartCreate {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {\n  cartLinesAdd(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {\n  cartLinesUpdate(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {\n  cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.ServerCart_CartFragmentDoc,
    "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}": typeof types.CollectionRouteDocument,
    "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": typeof types.CollectionsRouteDocument,
    "query CustomizeMeme($id: ID!) {\n  meme(id: $id) {\n    id\n    title\n    imageUrl\n  }\n}": typeof types.CustomizeMemeDocument,
    "query CustomizeProduct($id: ID!) {\n  product(id: $id) {\n    id\n    handle\n    title\n    customizable\n    featuredImage {\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n  }\n}": typeof types.CustomizeProductDocument,
    "query MemePicker($page: Int!) {\n  memes(page: $page) {\n    memes {\n      id\n      title\n      imageUrl\n    }\n    pageInfo {\n      currentPage\n      totalPages\n    }\n  }\n}": typeof types.MemePickerDocument,
    "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}": typeof types.HomeFeaturedMemeDocument,
    "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}": typeof types.HomePopularProductsDocument,
    "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": typeof types.HomePromoBannerDocument,
    "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": typeof types.HomeCollectionsDocument,
    "query DeliveryTimes {\n  shop {\n    shippingRates {\n      handle\n      title\n      deliveryEstimate\n    }\n  }\n}": typeof types.DeliveryTimesDocument,
    "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}": typeof types.ShippingRates_ShopFragmentDoc,
    "query FeaturedMemeTab {\n  featuredMeme {\n    ...MemeCard_meme\n  }\n}": typeof types.FeaturedMemeTabDocument,
    "fragment MemeCard_meme on Meme {\n  id\n  title\n  description\n  imageUrl\n  tags\n  productHandle\n  unavailableReason\n  product {\n    id\n    title\n    variants(first: 1) {\n      id\n      title\n      price {\n        amount\n      }\n    }\n  }\n}": typeof types.MemeCard_MemeFragmentDoc,
    "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.SubscribeNewsletterDocument,
    "fragment OrderCard_order on Order {\n  id\n  orderNumber\n  processedAt\n  fulfillmentStatus\n  statusUrl\n  totalPrice {\n    amount\n  }\n  lineItems {\n    id\n    quantity\n  }\n}": typeof types.OrderCard_OrderFragmentDoc,
    "fragment OrderLineItem_line on OrderLineItem {\n  id\n  title\n  variantTitle\n  productHandle\n  quantity\n  originalUnitPrice {\n    amount\n  }\n  originalTotalPrice {\n    amount\n  }\n  image {\n    url\n    altText\n  }\n  customAttributes {\n    key\n    value\n  }\n  design {\n    id\n    previewUrl\n  }\n}": typeof types.OrderLineItem_LineFragmentDoc,
    "query ProductShipping {\n  shop {\n    ...ShippingRates_shop\n  }\n}": typeof types.ProductShippingDocument,
    "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}": typeof types.RelatedProductsDocument,
    "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": typeof types.CartRouteDocument,
    "query CheckoutSuccessOrder($token: String!) {\n  orderByStatusToken(token: $token) {\n    orderNumber\n    shippingMethod\n    shippingAddress {\n      lines\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}": typeof types.CheckoutSuccessOrderDocument,
    "query CustomizeRoute {\n  customizableProducts {\n    id\n    title\n    price {\n      amount\n    }\n  }\n}": typeof types.CustomizeRouteDocument,
    "query DashboardRoute {\n  me {\n    id\n    orders {\n      ...OrderCard_order\n    }\n  }\n}": typeof types.DashboardRouteDocument,
    "query MemesRoute($page: Int!) {\n  memes(page: $page) {\n    memes {\n      ...MemeCard_meme\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": typeof types.MemesRouteDocument,
    "query OrderRoute($id: ID!) {\n  order(id: $id) {\n    id\n    orderNumber\n    processedAt\n    fulfillmentStatus\n    financialStatus\n    email\n    statusUrl\n    tracking {\n      carrier\n      trackingNumber\n      trackingUrl\n      shippedAt\n    }\n    cancelReason\n    cancelledAt\n    shippingMethod\n    shippingAddress {\n      formatted\n      phone\n    }\n    subtotalPrice {\n      amount\n    }\n    totalShippingPrice {\n      amount\n    }\n    totalPrice {\n      amount\n    }\n    refundedPrice {\n      amount\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}": typeof types.OrderRouteDocument,
    "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    seo {\n      title\n      description\n    }\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      url\n      altText\n      srcSet\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n      availableForSale\n      image {\n        url\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": typeof types.ProductRouteDocument,
    "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}": typeof types.ShippingRouteDocument,
    "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": typeof types.ShopRouteDocument,
    "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}": typeof types.TrackRouteDocument,
};
const documents: Documents = {
    "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n    srcSet\n  }\n}": types.ProductCard_ProductFragmentDoc,
    "fragment AccountEmail_customer on Customer {\n  id\n  email\n  emailVerified\n  pendingEmail\n  hasPassword\n}\n\nquery AccountEmail {\n  me {\n    ...AccountEmail_customer\n  }\n}\n\nmutation EmailVerificationSend {\n  customerEmailVerificationSend {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation EmailUpdate($input: CustomerEmailUpdateInput!) {\n  customerEmailUpdate(input: $input) {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.AccountEmail_CustomerFragmentDoc,
    "mutation ChangePassword($input: CustomerChangePasswordInput!) {\n  customerChangePassword(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.ChangePasswordDocument,
    "mutation CustomerActivate($input: CustomerActivateInput!) {\n  customerActivate(input: $input) {\n    outcome\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.CustomerActivateDocument,
    "mutation CustomerRecover($email: String!) {\n  customerRecover(email: $email) {\n    ok\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.CustomerRecoverDocument,
    "mutation CustomerReset($input: CustomerResetInput!) {\n  customerReset(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.CustomerResetDocument,
    "mutation DeleteAccount($input: CustomerDeleteInput!) {\n  customerDelete(input: $input) {\n    deletedCustomerId\n    ordersKeptForNow\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.DeleteAccountDocument,
    "mutation UpdateDisplayName($input: CustomerUpdateInput!) {\n  customerUpdate(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.UpdateDisplayNameDocument,
    "fragment SavedAddress on MailingAddress {\n  id\n  name\n  address1\n  address2\n  city\n  province\n  provinceCode\n  postalCode\n  country\n  countryCode\n  phone\n  formatted\n  isDefault\n}\n\nfragment ShippingCountryRule on ShippingCountry {\n  code\n  name\n  subdivisionLabel\n  subdivisions {\n    code\n    name\n  }\n  postalCodeLabel\n  postalCodeExample\n}\n\nquery AccountAddresses {\n  me {\n    id\n    addresses {\n      ...SavedAddress\n    }\n  }\n  shippingCountries {\n    ...ShippingCountryRule\n  }\n}\n\nmutation CreateAddress($address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation UpdateAddress($id: ID!, $address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressUpdate(id: $id, address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation DeleteAddress($id: ID!) {\n  customerAddressDelete(id: $id) {\n    deletedCustomerAddressId\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation MakeDefaultAddress($addressId: ID!) {\n  customerDefaultAddressUpdate(addressId: $addressId) {\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.SavedAddressFragmentDoc,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.LoginDocument,
    "mutation Logout {\n  logout {\n    ok\n    userErrors {\n      code\n      message\n    }\n  }\n}": types.LogoutDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    customer {\n      id\n      email\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.RegisterDocument,
    "fragment SessionCustomer on Customer {\n  id\n  email\n  displayName\n  hasPassword\n  googleLinked\n}\n\nquery Session {\n  me {\n    ...SessionCustomer\n  }\n}": types.SessionCustomerFragmentDoc,
    "query CartLimits {\n  shop {\n    maxLineQuantity\n  }\n}": types.CartLimitsDocument,
    "fragment ServerCart_cart on Cart {\n  id\n  checkoutUrl\n  lines {\n    edges {\n      node {\n        id\n        quantity\n        merchandise {\n          id\n          availableForSale\n        }\n        attributes {\n          key\n          value\n        }\n      }\n    }\n  }\n}\n\nquery ServerCart($id: ID!) {\n  cart(id: $id) {\n    ...ServerCart_cart\n  }\n}\n\nmutation ServerCartCreate {\n  cartCreate {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {\n  cartLinesAdd(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {\n  cartLinesUpdate(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {\n  cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.ServerCart_CartFragmentDoc,
    "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}": types.CollectionRouteDocument,
    "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": types.CollectionsRouteDocument,
    "query CustomizeMeme($id: ID!) {\n  meme(id: $id) {\n    id\n    title\n    imageUrl\n  }\n}": types.CustomizeMemeDocument,
    "query CustomizeProduct($id: ID!) {\n  product(id: $id) {\n    id\n    handle\n    title\n    customizable\n    featuredImage {\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n  }\n}": types.CustomizeProductDocument,
    "query MemePicker($page: Int!) {\n  memes(page: $page) {\n    memes {\n      id\n      title\n      imageUrl\n    }\n    pageInfo {\n      currentPage\n      totalPages\n    }\n  }\n}": types.MemePickerDocument,
    "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}": types.HomeFeaturedMemeDocument,
    "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}": types.HomePopularProductsDocument,
    "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": types.HomePromoBannerDocument,
    "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": types.HomeCollectionsDocument,
    "query DeliveryTimes {\n  shop {\n    shippingRates {\n      handle\n      title\n      deliveryEstimate\n    }\n  }\n}": types.DeliveryTimesDocument,
    "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}": types.ShippingRates_ShopFragmentDoc,
    "query FeaturedMemeTab {\n  featuredMeme {\n    ...MemeCard_meme\n  }\n}": types.FeaturedMemeTabDocument,
    "fragment MemeCard_meme on Meme {\n  id\n  title\n  description\n  imageUrl\n  tags\n  productHandle\n  unavailableReason\n  product {\n    id\n    title\n    variants(first: 1) {\n      id\n      title\n      price {\n        amount\n      }\n    }\n  }\n}": types.MemeCard_MemeFragmentDoc,
    "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.SubscribeNewsletterDocument,
    "fragment OrderCard_order on Order {\n  id\n  orderNumber\n  processedAt\n  fulfillmentStatus\n  statusUrl\n  totalPrice {\n    amount\n  }\n  lineItems {\n    id\n    quantity\n  }\n}": types.OrderCard_OrderFragmentDoc,
    "fragment OrderLineItem_line on OrderLineItem {\n  id\n  title\n  variantTitle\n  productHandle\n  quantity\n  originalUnitPrice {\n    amount\n  }\n  originalTotalPrice {\n    amount\n  }\n  image {\n    url\n    altText\n  }\n  customAttributes {\n    key\n    value\n  }\n  design {\n    id\n    previewUrl\n  }\n}": types.OrderLineItem_LineFragmentDoc,
    "query ProductShipping {\n  shop {\n    ...ShippingRates_shop\n  }\n}": types.ProductShippingDocument,
    "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}": types.RelatedProductsDocument,
    "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": types.CartRouteDocument,
    "query CheckoutSuccessOrder($token: String!) {\n  orderByStatusToken(token: $token) {\n    orderNumber\n    shippingMethod\n    shippingAddress {\n      lines\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}": types.CheckoutSuccessOrderDocument,
    "query CustomizeRoute {\n  customizableProducts {\n    id\n    title\n    price {\n      amount\n    }\n  }\n}": types.CustomizeRouteDocument,
    "query DashboardRoute {\n  me {\n    id\n    orders {\n      ...OrderCard_order\n    }\n  }\n}": types.DashboardRouteDocument,
    "query MemesRoute($page: Int!) {\n  memes(page: $page) {\n    memes {\n      ...MemeCard_meme\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": types.MemesRouteDocument,
    "query OrderRoute($id: ID!) {\n  order(id: $id) {\n    id\n    orderNumber\n    processedAt\n    fulfillmentStatus\n    financialStatus\n    email\n    statusUrl\n    tracking {\n      carrier\n      trackingNumber\n      trackingUrl\n      shippedAt\n    }\n    cancelReason\n    cancelledAt\n    shippingMethod\n    shippingAddress {\n      formatted\n      phone\n    }\n    subtotalPrice {\n      amount\n    }\n    totalShippingPrice {\n      amount\n    }\n    totalPrice {\n      amount\n    }\n    refundedPrice {\n      amount\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}": types.OrderRouteDocument,
    "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    seo {\n      title\n      description\n    }\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      url\n      altText\n      srcSet\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n      availableForSale\n      image {\n        url\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": types.ProductRouteDocument,
    "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}": types.ShippingRouteDocument,
    "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": types.ShopRouteDocument,
    "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}": types.TrackRouteDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n    srcSet\n  }\n}"): (typeof documents)["fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n    srcSet\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AccountEmail_customer on Customer {\n  id\n  email\n  emailVerified\n  pendingEmail\n  hasPassword\n}\n\nquery AccountEmail {\n  me {\n    ...AccountEmail_customer\n  }\n}\n\nmutation EmailVerificationSend {\n  customerEmailVerificationSend {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation EmailUpdate($input: CustomerEmailUpdateInput!) {\n  customerEmailUpdate(input: $input) {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["fragment AccountEmail_customer on Customer {\n  id\n  email\n  emailVerified\n  pendingEmail\n  hasPassword\n}\n\nquery AccountEmail {\n  me {\n    ...AccountEmail_customer\n  }\n}\n\nmutation EmailVerificationSend {\n  customerEmailVerificationSend {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation EmailUpdate($input: CustomerEmailUpdateInput!) {\n  customerEmailUpdate(input: $input) {\n    customer {\n      ...AccountEmail_customer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangePassword($input: CustomerChangePasswordInput!) {\n  customerChangePassword(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation ChangePassword($input: CustomerChangePasswordInput!) {\n  customerChangePassword(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CustomerActivate($input: CustomerActivateInput!) {\n  customerActivate(input: $input) {\n    outcome\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation CustomerActivate($input: CustomerActivateInput!) {\n  customerActivate(input: $input) {\n    outcome\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CustomerRecover($email: String!) {\n  customerRecover(email: $email) {\n    ok\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation CustomerRecover($email: String!) {\n  customerRecover(email: $email) {\n    ok\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CustomerReset($input: CustomerResetInput!) {\n  customerReset(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation CustomerReset($input: CustomerResetInput!) {\n  customerReset(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteAccount($input: CustomerDeleteInput!) {\n  customerDelete(input: $input) {\n    deletedCustomerId\n    ordersKeptForNow\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation DeleteAccount($input: CustomerDeleteInput!) {\n  customerDelete(input: $input) {\n    deletedCustomerId\n    ordersKeptForNow\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateDisplayName($input: CustomerUpdateInput!) {\n  customerUpdate(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation UpdateDisplayName($input: CustomerUpdateInput!) {\n  customerUpdate(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SavedAddress on MailingAddress {\n  id\n  name\n  address1\n  address2\n  city\n  province\n  provinceCode\n  postalCode\n  country\n  countryCode\n  phone\n  formatted\n  isDefault\n}\n\nfragment ShippingCountryRule on ShippingCountry {\n  code\n  name\n  subdivisionLabel\n  subdivisions {\n    code\n    name\n  }\n  postalCodeLabel\n  postalCodeExample\n}\n\nquery AccountAddresses {\n  me {\n    id\n    addresses {\n      ...SavedAddress\n    }\n  }\n  shippingCountries {\n    ...ShippingCountryRule\n  }\n}\n\nmutation CreateAddress($address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation UpdateAddress($id: ID!, $address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressUpdate(id: $id, address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation DeleteAddress($id: ID!) {\n  customerAddressDelete(id: $id) {\n    deletedCustomerAddressId\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation MakeDefaultAddress($addressId: ID!) {\n  customerDefaultAddressUpdate(addressId: $addressId) {\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["fragment SavedAddress on MailingAddress {\n  id\n  name\n  address1\n  address2\n  city\n  province\n  provinceCode\n  postalCode\n  country\n  countryCode\n  phone\n  formatted\n  isDefault\n}\n\nfragment ShippingCountryRule on ShippingCountry {\n  code\n  name\n  subdivisionLabel\n  subdivisions {\n    code\n    name\n  }\n  postalCodeLabel\n  postalCodeExample\n}\n\nquery AccountAddresses {\n  me {\n    id\n    addresses {\n      ...SavedAddress\n    }\n  }\n  shippingCountries {\n    ...ShippingCountryRule\n  }\n}\n\nmutation CreateAddress($address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation UpdateAddress($id: ID!, $address: MailingAddressInput!, $setAsDefault: Boolean) {\n  customerAddressUpdate(id: $id, address: $address, setAsDefault: $setAsDefault) {\n    customerAddress {\n      id\n    }\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation DeleteAddress($id: ID!) {\n  customerAddressDelete(id: $id) {\n    deletedCustomerAddressId\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation MakeDefaultAddress($addressId: ID!) {\n  customerDefaultAddressUpdate(addressId: $addressId) {\n    customer {\n      id\n      addresses {\n        ...SavedAddress\n      }\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    customer {\n      ...SessionCustomer\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout {\n    ok\n    userErrors {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation Logout {\n  logout {\n    ok\n    userErrors {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    customer {\n      id\n      email\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    customer {\n      id\n      email\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionCustomer on Customer {\n  id\n  email\n  displayName\n  hasPassword\n  googleLinked\n}\n\nquery Session {\n  me {\n    ...SessionCustomer\n  }\n}"): (typeof documents)["fragment SessionCustomer on Customer {\n  id\n  email\n  displayName\n  hasPassword\n  googleLinked\n}\n\nquery Session {\n  me {\n    ...SessionCustomer\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CartLimits {\n  shop {\n    maxLineQuantity\n  }\n}"): (typeof documents)["query CartLimits {\n  shop {\n    maxLineQuantity\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ServerCart_cart on Cart {\n  id\n  checkoutUrl\n  lines {\n    edges {\n      node {\n        id\n        quantity\n        merchandise {\n          id\n          availableForSale\n        }\n        attributes {\n          key\n          value\n        }\n      }\n    }\n  }\n}\n\nquery ServerCart($id: ID!) {\n  cart(id: $id) {\n    ...ServerCart_cart\n  }\n}\n\nmutation ServerCartCreate {\n  cartCreate {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {\n  cartLinesAdd(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {\n  cartLinesUpdate(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {\n  cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["fragment ServerCart_cart on Cart {\n  id\n  checkoutUrl\n  lines {\n    edges {\n      node {\n        id\n        quantity\n        merchandise {\n          id\n          availableForSale\n        }\n        attributes {\n          key\n          value\n        }\n      }\n    }\n  }\n}\n\nquery ServerCart($id: ID!) {\n  cart(id: $id) {\n    ...ServerCart_cart\n  }\n}\n\nmutation ServerCartCreate {\n  cartCreate {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {\n  cartLinesAdd(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {\n  cartLinesUpdate(cartId: $cartId, lines: $lines) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}\n\nmutation ServerCartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {\n  cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {\n    cart {\n      ...ServerCart_cart\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}"): (typeof documents)["query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"): (typeof documents)["query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CustomizeMeme($id: ID!) {\n  meme(id: $id) {\n    id\n    title\n    imageUrl\n  }\n}"): (typeof documents)["query CustomizeMeme($id: ID!) {\n  meme(id: $id) {\n    id\n    title\n    imageUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CustomizeProduct($id: ID!) {\n  product(id: $id) {\n    id\n    handle\n    title\n    customizable\n    featuredImage {\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n  }\n}"): (typeof documents)["query CustomizeProduct($id: ID!) {\n  product(id: $id) {\n    id\n    handle\n    title\n    customizable\n    featuredImage {\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MemePicker($page: Int!) {\n  memes(page: $page) {\n    memes {\n      id\n      title\n      imageUrl\n    }\n    pageInfo {\n      currentPage\n      totalPages\n    }\n  }\n}"): (typeof documents)["query MemePicker($page: Int!) {\n  memes(page: $page) {\n    memes {\n      id\n      title\n      imageUrl\n    }\n    pageInfo {\n      currentPage\n      totalPages\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}"): (typeof documents)["query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}"): (typeof documents)["query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"): (typeof documents)["query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"): (typeof documents)["query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DeliveryTimes {\n  shop {\n    shippingRates {\n      handle\n      title\n      deliveryEstimate\n    }\n  }\n}"): (typeof documents)["query DeliveryTimes {\n  shop {\n    shippingRates {\n      handle\n      title\n      deliveryEstimate\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}"): (typeof documents)["fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FeaturedMemeTab {\n  featuredMeme {\n    ...MemeCard_meme\n  }\n}"): (typeof documents)["query FeaturedMemeTab {\n  featuredMeme {\n    ...MemeCard_meme\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MemeCard_meme on Meme {\n  id\n  title\n  description\n  imageUrl\n  tags\n  productHandle\n  unavailableReason\n  product {\n    id\n    title\n    variants(first: 1) {\n      id\n      title\n      price {\n        amount\n      }\n    }\n  }\n}"): (typeof documents)["fragment MemeCard_meme on Meme {\n  id\n  title\n  description\n  imageUrl\n  tags\n  productHandle\n  unavailableReason\n  product {\n    id\n    title\n    variants(first: 1) {\n      id\n      title\n      price {\n        amount\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OrderCard_order on Order {\n  id\n  orderNumber\n  processedAt\n  fulfillmentStatus\n  statusUrl\n  totalPrice {\n    amount\n  }\n  lineItems {\n    id\n    quantity\n  }\n}"): (typeof documents)["fragment OrderCard_order on Order {\n  id\n  orderNumber\n  processedAt\n  fulfillmentStatus\n  statusUrl\n  totalPrice {\n    amount\n  }\n  lineItems {\n    id\n    quantity\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OrderLineItem_line on OrderLineItem {\n  id\n  title\n  variantTitle\n  productHandle\n  quantity\n  originalUnitPrice {\n    amount\n  }\n  originalTotalPrice {\n    amount\n  }\n  image {\n    url\n    altText\n  }\n  customAttributes {\n    key\n    value\n  }\n  design {\n    id\n    previewUrl\n  }\n}"): (typeof documents)["fragment OrderLineItem_line on OrderLineItem {\n  id\n  title\n  variantTitle\n  productHandle\n  quantity\n  originalUnitPrice {\n    amount\n  }\n  originalTotalPrice {\n    amount\n  }\n  image {\n    url\n    altText\n  }\n  customAttributes {\n    key\n    value\n  }\n  design {\n    id\n    previewUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProductShipping {\n  shop {\n    ...ShippingRates_shop\n  }\n}"): (typeof documents)["query ProductShipping {\n  shop {\n    ...ShippingRates_shop\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}"): (typeof documents)["query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"): (typeof documents)["query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CheckoutSuccessOrder($token: String!) {\n  orderByStatusToken(token: $token) {\n    orderNumber\n    shippingMethod\n    shippingAddress {\n      lines\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}"): (typeof documents)["query CheckoutSuccessOrder($token: String!) {\n  orderByStatusToken(token: $token) {\n    orderNumber\n    shippingMethod\n    shippingAddress {\n      lines\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CustomizeRoute {\n  customizableProducts {\n    id\n    title\n    price {\n      amount\n    }\n  }\n}"): (typeof documents)["query CustomizeRoute {\n  customizableProducts {\n    id\n    title\n    price {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DashboardRoute {\n  me {\n    id\n    orders {\n      ...OrderCard_order\n    }\n  }\n}"): (typeof documents)["query DashboardRoute {\n  me {\n    id\n    orders {\n      ...OrderCard_order\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MemesRoute($page: Int!) {\n  memes(page: $page) {\n    memes {\n      ...MemeCard_meme\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"): (typeof documents)["query MemesRoute($page: Int!) {\n  memes(page: $page) {\n    memes {\n      ...MemeCard_meme\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OrderRoute($id: ID!) {\n  order(id: $id) {\n    id\n    orderNumber\n    processedAt\n    fulfillmentStatus\n    financialStatus\n    email\n    statusUrl\n    tracking {\n      carrier\n      trackingNumber\n      trackingUrl\n      shippedAt\n    }\n    cancelReason\n    cancelledAt\n    shippingMethod\n    shippingAddress {\n      formatted\n      phone\n    }\n    subtotalPrice {\n      amount\n    }\n    totalShippingPrice {\n      amount\n    }\n    totalPrice {\n      amount\n    }\n    refundedPrice {\n      amount\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}"): (typeof documents)["query OrderRoute($id: ID!) {\n  order(id: $id) {\n    id\n    orderNumber\n    processedAt\n    fulfillmentStatus\n    financialStatus\n    email\n    statusUrl\n    tracking {\n      carrier\n      trackingNumber\n      trackingUrl\n      shippedAt\n    }\n    cancelReason\n    cancelledAt\n    shippingMethod\n    shippingAddress {\n      formatted\n      phone\n    }\n    subtotalPrice {\n      amount\n    }\n    totalShippingPrice {\n      amount\n    }\n    totalPrice {\n      amount\n    }\n    refundedPrice {\n      amount\n    }\n    lineItems {\n      ...OrderLineItem_line\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    seo {\n      title\n      description\n    }\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      url\n      altText\n      srcSet\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n      availableForSale\n      image {\n        url\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"): (typeof documents)["query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    seo {\n      title\n      description\n    }\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      url\n      altText\n      srcSet\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n      availableForSale\n      image {\n        url\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}"): (typeof documents)["query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"): (typeof documents)["query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}"): (typeof documents)["query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;